import type { Redis } from 'ioredis';
import { MAX_CHARGES } from './charge-log';
import { ServedByRelease, type ServedRelease } from './served';
import { storedSource, type Charge, type UsageSnapshot } from './ledger-types';
import type { PERIOD_KEYS } from './redis-ledger-scripts';
import { unavailable } from './redis-ledger-refusals';

/**
 * What `/api/usage` and the bill read of the Redis ledger, in the shapes its scripts store:
 * the period's totals, the IDs charged, the itemised charges and what each release served.
 */

export type PeriodKey = (typeof PERIOD_KEYS)[number];
type KeyOf = (name: PeriodKey) => string;

const sortedIds = (ids: string[]) => ids.map(Number).sort((a, b) => a - b);

/** A charge as the scripts store it; earlier versions wrote no source and no maybe. */
interface StoredCharge {
  at: number;
  user: string;
  newUser: boolean;
  datasets: number[];
  indicators: number[];
  maybe?: { datasets: number[]; count: number };
  release?: unknown;
  page?: unknown;
  client?: unknown;
}

const chargeOf = (stored: StoredCharge): Charge => ({
  at: stored.at,
  user: stored.user,
  newUser: stored.newUser,
  datasets: stored.datasets,
  maybe: stored.maybe ?? null,
  indicators: stored.indicators,
  source: storedSource(stored),
});

/** Everything the period's snapshot is made of, read in one round trip. */
export const readTotals = (redis: Redis, key: KeyOf) =>
  redis
    .multi()
    .scard(key('datasets'))
    .scard(key('indicators'))
    .scard(key('users'))
    .smembers(key('maybe'))
    .get(key('maybe-slots'))
    .hvals(key('intents'))
    .hlen(key('held-datasets'))
    .get(key('held-slots'))
    .hmget(key('floor'), 'datasets', 'indicators', 'users')
    .exec();

/** The period's usage from `readTotals`' replies; a reply that failed is a 503. */
export function snapshotOf(
  period: string,
  reply: Awaited<ReturnType<typeof readTotals>>,
  budget: { datasets: number | undefined; indicators: number | undefined },
): UsageSnapshot {
  const count = (text: string | null) => Number(text ?? 0);
  const values = (reply ?? []).map(([error, value]) => {
    if (error) throw unavailable();
    return value;
  });
  const [datasets, indicators, users, maybe, maybeSlots, intents, held, heldSlots, floor] =
    values as [
      number,
      number,
      number,
      string[],
      string | null,
      string[],
      number,
      string | null,
      (string | null)[],
    ];
  // What Redis lost and an operator confirmed counts as the budget counts it (TOTALS).
  const lost = {
    datasets: count(floor[0] ?? null),
    indicators: count(floor[1] ?? null),
    users: count(floor[2] ?? null),
  };
  // What the calls not settled yet may charge, from their intents (a few, those in flight).
  const open = intents.map(
    (text) => JSON.parse(text) as { datasets: unknown; indicators: unknown },
  );
  const ids = (lists: unknown[]) =>
    sortedIds([...new Set(lists.flatMap((list) => (Array.isArray(list) ? list.map(String) : [])))]);
  return {
    period,
    datasets: datasets + lost.datasets + count(maybeSlots),
    indicators: indicators + lost.indicators,
    users: users + lost.users,
    budget: {
      datasets: budget.datasets ?? null,
      indicators: budget.indicators ?? null,
    },
    pending: {
      calls: intents.length,
      datasets: ids(open.map((intent) => intent.datasets)),
      count: held + count(heldSlots),
      indicators: ids(open.map((intent) => intent.indicators)),
    },
    maybe: { datasets: sortedIds(maybe), count: count(maybeSlots) },
    lost,
  };
}

export async function readChargedIds(redis: Redis, key: KeyOf) {
  const [datasets, indicators] = await Promise.all([
    redis.smembers(key('datasets')),
    redis.smembers(key('indicators')),
  ]);
  return { datasets: sortedIds(datasets), indicators: sortedIds(indicators) };
}

/** The newest charges kept under `key` (everyone's list, or one user's). */
export async function readCharges(redis: Redis, key: string): Promise<Charge[]> {
  return (await redis.lrange(key, 0, MAX_CHARGES - 1)).map((text) =>
    chargeOf(JSON.parse(text) as StoredCharge),
  );
}

/** Datasets whose scores were returned in each release, from the sets under `served`. */
export async function readServed(redis: Redis, served: string): Promise<ServedRelease[]> {
  const names = await redis.smembers(served);
  const releases = await Promise.all(
    names.map(async (name) => {
      const [version = '', systemModel = ''] = name.split('/');
      const ids = sortedIds(await redis.smembers(`${served}:${name}`));
      return { version, systemModel, ids };
    }),
  );
  const list = new ServedByRelease();
  for (const { version, systemModel, ids } of releases) list.add({ version, systemModel }, ids);
  return list.list();
}
