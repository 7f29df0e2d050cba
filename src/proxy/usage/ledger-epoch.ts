import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import { ProxyError } from '../errors';
import { KEY_PREFIX, type Log, type SharedStore } from '../redis/connection';
import { periodOf } from './ledger-types';
import { higher, type LedgerWitness, type Totals, type Witnessed } from './ledger-witness';
import { CONFIRM, INIT, LEDGER_KEYS, MISMATCH, PERIOD_KEYS, VERIFY } from './redis-ledger-scripts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ledgerVerify(
      ...args: string[]
    ): Result<[string, string, number, number, number, number, number], Context>;
    ledgerInit(...args: string[]): Result<string, Context>;
    ledgerMismatch(...args: (string | number)[]): Result<number, Context>;
    ledgerConfirm(...args: (string | number)[]): Result<number[], Context>;
  }
}

/** How often an instance checks the ledger against what it knows, besides each reservation. */
const VERIFY_MS = 5_000;
/** How often what an instance saw is written to its witness file, when it changed. */
const WITNESS_MS = 1_000;

/** The keys every ledger script takes: a period's, then the ledger's own. */
export function ledgerKeys(period: string): string[] {
  return [
    ...PERIOD_KEYS.map((name) => `${KEY_PREFIX}ledger:${period}:${name}`),
    ...LEDGER_KEYS.map((name) => `${KEY_PREFIX}ledger:${name}`),
  ];
}

const NUMBER_OF_KEYS = PERIOD_KEYS.length + LEDGER_KEYS.length;

/** Defines the epoch scripts on a connection (each instance's, or the operator command's). */
function defineEpochCommands(redis: Redis) {
  redis.defineCommand('ledgerVerify', { numberOfKeys: NUMBER_OF_KEYS, lua: VERIFY });
  redis.defineCommand('ledgerInit', { numberOfKeys: NUMBER_OF_KEYS, lua: INIT });
  redis.defineCommand('ledgerMismatch', { numberOfKeys: NUMBER_OF_KEYS, lua: MISMATCH });
  redis.defineCommand('ledgerConfirm', { numberOfKeys: NUMBER_OF_KEYS, lua: CONFIRM });
}

const newEpoch = () => randomBytes(9).toString('base64url');
const totalsOf = (values: (string | number)[]): Totals => [
  Number(values[0] ?? 0),
  Number(values[1] ?? 0),
  Number(values[2] ?? 0),
  Number(values[3] ?? 0),
];
const lower = (now: Totals, known: Totals) => now.some((value, i) => value < (known[i] ?? 0));

export const mismatchError = (reason: string) =>
  new ProxyError(503, 'usage_ledger_mismatch', {
    detail: `The usage ledger in Redis no longer holds what the proxy knows it held (${reason}): Redis has lost data, and the budget would start again from what is left. Requests for scores are refused until an operator restores Redis or confirms the loss.`,
    hint: 'An operator runs npm run ledger:confirm (see the README, "Several instances")',
    headers: { 'retry-after': '60' },
  });

/**
 * Redis forgetting cannot silently reset the budget. The shared ledger has a name (its epoch)
 * and running totals that only grow within a period; each instance remembers the epoch and the
 * largest totals it saw, in memory and in a witness file on its own machine. Every reservation
 * checks them inside Redis (in the same script as the budget), and each instance checks them at
 * every (re)connection and every few seconds. A ledger without its epoch, with another, or with
 * lower totals halts every instance's scored calls (and readiness) until an operator restores
 * Redis, after which the check passes again, or confirms the loss with `npm run ledger:confirm`.
 */
export class LedgerEpoch {
  private known: Witnessed | undefined;
  /** Why scored calls are refused: this instance found, or another recorded, a mismatch. */
  private reason: string | undefined;
  private dirty = false;
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly store: SharedStore,
    private readonly options: { now: () => number; log: Log; witness: LedgerWitness },
  ) {
    defineEpochCommands(store.redis);
    this.known = options.witness.read();
    this.timers = [
      setInterval(() => void this.verify(), VERIFY_MS),
      setInterval(() => this.persist(), WITNESS_MS),
    ];
    for (const timer of this.timers) timer.unref();
    store.redis.on('ready', () => void this.verify());
  }

  private period() {
    return periodOf(this.options.now());
  }

  /** Why scored calls are refused, if they are. */
  get mismatch(): string | undefined {
    return this.reason;
  }

  /** What a reservation checks inside Redis: the epoch and this period's totals seen. */
  expected(period: string): string[] {
    const known = this.known;
    const totals = known && known.period === period ? known.totals : [0, 0, 0, 0];
    return [known?.epoch ?? '', ...totals.map(String)];
  }

  /** Totals a script answered with: the largest seen is what Redis must never go below. */
  observe(period: string, values: (string | number)[]) {
    const known = this.known;
    if (!known || known.period !== period) return;
    const totals = higher(known.totals, totalsOf(values));
    if (totals.some((value, i) => value !== known.totals[i])) {
      this.known = { ...known, totals };
      this.dirty = true;
    }
  }

  /** Checks the ledger in Redis against what this instance knows; never throws. */
  async verify(): Promise<void> {
    if (!this.store.available()) return;
    const period = this.period();
    const keys = ledgerKeys(period);
    const { redis } = this.store;
    try {
      const [epoch, confirmed, halted, ...rest] = await redis.ledgerVerify(...keys);
      const totals = totalsOf(rest);
      const known = this.known;
      if (halted === 1) {
        this.fail('an instance found it so, and scored calls are halted for every instance');
        return;
      }
      if (epoch === '') {
        if (known) {
          await this.record(keys, '', period, 'its epoch is gone');
          return;
        }
        // A ledger used for the first time, by this instance or one starting alongside it.
        const named = await redis.ledgerInit(...keys, newEpoch());
        if (named) this.adopt(named, period, totals);
        return;
      }
      if (!known || known.epoch !== epoch) {
        // Joining a ledger for the first time, or one an operator confirmed after a loss.
        if (!known || confirmed === epoch) this.adopt(epoch, period, totals);
        else await this.record(keys, epoch, period, 'it is another ledger (epoch)');
        return;
      }
      if (known.period === period && lower(totals, known.totals)) {
        await this.record(
          keys,
          epoch,
          period,
          `its totals are lower: ${totals.join('/')} against ${known.totals.join('/')} (datasets/indicators/users/unknown pages)`,
        );
        return;
      }
      this.adopt(epoch, period, known.period === period ? higher(known.totals, totals) : totals);
    } catch {
      // Redis went away mid-check: the next connection checks again.
    }
  }

  private adopt(epoch: string, period: string, totals: Totals) {
    if (this.reason !== undefined)
      this.options.log.warn(
        { epoch },
        'the usage ledger in Redis is whole again: scored requests are taken',
      );
    this.reason = undefined;
    this.known = { epoch, period, totals };
    this.dirty = true;
  }

  private fail(reason: string) {
    if (this.reason === undefined)
      this.options.log.warn(
        { reason, known: this.known },
        `THE USAGE LEDGER IN REDIS HAS LOST DATA (${reason}): scored requests are refused on every instance until an operator restores Redis or runs npm run ledger:confirm`,
      );
    this.reason = reason;
  }

  /** Halts the fleet: what this instance knew is written beside the ledger for the operator. */
  private async record(keys: string[], found: string, period: string, reason: string) {
    this.fail(reason);
    const known = this.known;
    if (!known) return;
    await this.store.redis
      .ledgerMismatch(
        ...keys,
        found,
        known.epoch,
        period,
        ...(known.period === period ? known.totals : [0, 0, 0, 0]),
        this.store.instance,
        reason,
      )
      .catch(() => undefined);
  }

  private persist() {
    if (!this.dirty || !this.known) return;
    try {
      this.options.witness.write(this.known);
      this.dirty = false;
    } catch (error) {
      this.options.log.warn(
        { err: (error as Error).message },
        'the usage ledger witness file cannot be written (USAGE_WITNESS_PATH); tried again shortly',
      );
    }
  }

  close() {
    for (const timer of this.timers) clearInterval(timer);
    this.persist();
  }
}

/** What `npm run ledger:confirm` found and did. */
export interface Confirmation {
  epoch: string | null;
  mismatch: Record<string, string>;
  /** What the instances (and the witness file given) saw that Redis no longer holds. */
  floorAdded: { datasets: number; indicators: number; users: number } | undefined;
}

/**
 * The operator's answer to a halted ledger. Without `apply`, says what was found. With it, the
 * ledger gets a new epoch that every instance adopts, the halt is lifted, and (unless `drop`)
 * what was seen and is gone counts against the budget as a floor, so the budget is never exceeded
 * for charges whose IDs Redis lost.
 */
export async function confirmLedger(
  redis: Redis,
  options: { apply: boolean; drop: boolean; witnessed: Witnessed | undefined; now: number },
): Promise<Confirmation> {
  defineEpochCommands(redis);
  const mismatchKey = `${KEY_PREFIX}ledger:mismatch`;
  const mismatch = await redis.hgetall(mismatchKey);
  const epoch = await redis.get(`${KEY_PREFIX}ledger:epoch`);
  if (!options.apply) return { epoch, mismatch, floorAdded: undefined };
  const period = mismatch.period ?? periodOf(options.now);
  const witnessed = options.witnessed?.period === period ? options.witnessed.totals : [0, 0, 0, 0];
  const [datasets = 0, indicators = 0, users = 0] = await redis.ledgerConfirm(
    ...ledgerKeys(period),
    newEpoch(),
    options.drop ? 'drop' : 'keep',
    ...witnessed,
  );
  return { epoch, mismatch, floorAdded: { datasets, indicators, users } };
}
