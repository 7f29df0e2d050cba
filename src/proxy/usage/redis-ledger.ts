import { ProxyError } from '../errors';
import { KEY_PREFIX, type Log, type SharedStore } from '../redis/connection';
import { MAX_CHARGES } from './charge-log';
import type { LedgerStore, StoredReservation } from './ledger-store';
import {
  periodOf,
  sourceFields,
  storedSource,
  type Charge,
  type LedgerHealth,
  type Recovered,
  type ScoredCall,
  type UsageSnapshot,
} from './ledger-types';
import { PERIOD_KEYS, RESERVE, SETTLE, SWEEP } from './redis-ledger-scripts';
import type { Result } from 'ioredis';

type PeriodKey = (typeof PERIOD_KEYS)[number];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ledgerReserve(...args: (string | number)[]): Result<number[], Context>;
    ledgerSettle(...args: (string | number)[]): Result<number, Context>;
    ledgerSweep(...args: (string | number)[]): Result<number[], Context>;
  }
}

/** An instance refreshes its heartbeat this often; gone this long, its intents are charged. */
const HEARTBEAT_MS = 1_000;
const HEARTBEAT_TTL_MS = 5_000;
const SWEEP_MS = 1_000;

const unavailable = () =>
  new ProxyError(503, 'usage_ledger_unavailable', {
    detail:
      'The usage ledger shared by the proxy’s instances (Redis) cannot be reached, so requests for scores are refused rather than answered uncounted. Documentation stays available.',
    hint: 'Try again in a moment; the proxy reconnects by itself',
    headers: { 'retry-after': '5' },
  });

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

/**
 * The usage ledger and budget in Redis, one for every instance: a scored call's reservation is
 * checked against the budget and held in one script before the call leaves, and its intent is
 * acknowledged only once Redis has it (durably, when Redis runs with `appendfsync always`).
 * Intents of an instance that died mid-call, or that could not be settled before their deadline,
 * are counted as charged in full by whichever instance sweeps first.
 */
export class RedisLedger implements LedgerStore {
  private sequence = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  /** What sweeps by this instance counted as charged, from calls nobody settled. */
  readonly recovered: Recovered = { calls: 0, datasets: 0, indicators: 0 };

  constructor(
    private readonly store: SharedStore,
    private readonly options: {
      budget: { datasets: number | undefined; indicators: number | undefined };
      now: () => number;
      /** How long a scored call can take at most; past it, its intent is charged in full. */
      callDeadlineMs: number;
      log: Log;
    },
  ) {
    const { redis } = store;
    redis.defineCommand('ledgerReserve', { numberOfKeys: PERIOD_KEYS.length, lua: RESERVE });
    redis.defineCommand('ledgerSettle', { numberOfKeys: PERIOD_KEYS.length, lua: SETTLE });
    redis.defineCommand('ledgerSweep', { numberOfKeys: PERIOD_KEYS.length, lua: SWEEP });
    this.timers.push(
      setInterval(() => void this.heartbeat(), HEARTBEAT_MS),
      setInterval(() => void this.sweep(), SWEEP_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** Starts the heartbeat and counts what earlier runs left open. */
  async start() {
    await this.heartbeat();
    await this.sweep();
  }

  private get heartbeatPrefix() {
    return `${KEY_PREFIX}alive:`;
  }

  private async heartbeat() {
    if (!this.store.available()) return;
    await this.store.redis
      .set(`${this.heartbeatPrefix}${this.store.instance}`, '1', 'PX', HEARTBEAT_TTL_MS)
      .catch(() => undefined);
  }

  /** Counts intents left by dead instances, or past their deadline, as charged in full. */
  async sweep(): Promise<Recovered> {
    const found: Recovered = { calls: 0, datasets: 0, indicators: 0 };
    if (!this.store.available()) return found;
    try {
      const [calls = 0, datasets = 0, indicators = 0] = await this.store.redis.ledgerSweep(
        ...this.keys(this.period()),
        this.options.now(),
        this.heartbeatPrefix,
      );
      Object.assign(found, { calls, datasets, indicators });
    } catch {
      return found;
    }
    if (found.calls > 0) {
      this.recovered.calls += found.calls;
      this.recovered.datasets += found.datasets;
      this.recovered.indicators += found.indicators;
      this.options.log.warn(
        { recovered: found },
        'scored calls left unsettled (an instance died or Redis was unreachable) are counted as charged in full',
      );
    }
    return found;
  }

  private period(): string {
    return periodOf(this.options.now());
  }

  private key(period: string, name: PeriodKey): string {
    return `${KEY_PREFIX}ledger:${period}:${name}`;
  }

  /** A period's keys in the order the scripts take them. */
  private keys(period: string): string[] {
    return PERIOD_KEYS.map((name) => this.key(period, name));
  }

  async reserve(call: ScoredCall): Promise<StoredReservation | undefined> {
    const { user, maxDatasets = Infinity } = call;
    const { datasets: datasetIds, indicators: indicatorIds } = call;
    if (indicatorIds.length === 0 || datasetIds.length === 0) return undefined;
    if (!this.store.available()) throw unavailable();
    const period = this.period();
    const keys = this.keys(period);
    const id = `${this.store.instance}-${++this.sequence}`;
    const { budget } = this.options;
    let reply: number[];
    try {
      reply = await this.store.redis.ledgerReserve(
        ...keys,
        id,
        user,
        JSON.stringify(datasetIds),
        JSON.stringify(indicatorIds),
        Number.isFinite(maxDatasets) ? maxDatasets : -1,
        budget.datasets ?? -1,
        budget.indicators ?? -1,
        this.options.now() + this.options.callDeadlineMs,
        this.store.instance,
        JSON.stringify(sourceFields(call.source)),
      );
    } catch {
      // Whether Redis took the intent is unknown: the call does not leave. An intent it did take
      // is counted in full at its deadline, which keeps the ledger above, never below.
      throw unavailable();
    }
    const [status, usedDatasets, usedIndicators] = reply;
    if (status === 0) {
      throw new ProxyError(403, 'budget_exhausted', {
        detail: `This request could charge up to ${Math.min(datasetIds.length, maxDatasets)} new datasets and ${indicatorIds.length} indicators, past this period's budget (${usedDatasets ?? '?'}/${budget.datasets ?? '∞'} datasets, ${usedIndicators ?? '?'}/${budget.indicators ?? '∞'} indicators used or held by requests in flight on every instance).`,
        hint: 'Use datasets and indicators already charged this period, or raise SCORE_BUDGET_DATASETS / SCORE_BUDGET_INDICATORS',
      });
    }
    // Nothing new to charge: already charged this period, so nothing is held or written.
    if (status === 2) {
      const none = async () => undefined;
      return { settle: none, release: none, settleUnknown: none };
    }
    let done = false;
    const finish = async (
      mode: 'settle' | 'release' | 'unknown',
      datasets: readonly number[] = [],
      indicators: readonly number[] = [],
    ) => {
      if (done) return;
      done = true;
      try {
        await this.store.redis.ledgerSettle(
          ...keys,
          id,
          mode,
          JSON.stringify(datasets),
          JSON.stringify(indicators),
        );
      } catch (error) {
        // The intent stays open and is counted as charged in full at its deadline.
        this.options.log.warn(
          { intent: id, err: (error as Error).message },
          'a scored call could not be settled in Redis; it will be counted as charged in full',
        );
      }
    };
    return {
      settle: (datasets, indicators) => finish('settle', datasets, indicators),
      release: () => finish('release'),
      settleUnknown: () => finish('unknown'),
    };
  }

  async snapshot(): Promise<UsageSnapshot> {
    const period = this.period();
    const key = (name: PeriodKey) => this.key(period, name);
    const count = (text: string | null) => Number(text ?? 0);
    const reply = await this.read(async () =>
      this.store.redis
        .multi()
        .scard(key('datasets'))
        .scard(key('indicators'))
        .scard(key('users'))
        .smembers(key('maybe'))
        .get(key('maybe-slots'))
        .hlen(key('intents'))
        .hlen(key('held-datasets'))
        .get(key('held-slots'))
        .hlen(key('held-indicators'))
        .exec(),
    );
    const values = (reply ?? []).map(([error, value]) => {
      if (error) throw unavailable();
      return value;
    });
    const [datasets, indicators, users, maybe, maybeSlots, calls, held, heldSlots, heldIndicators] =
      values as [
        number,
        number,
        number,
        string[],
        string | null,
        number,
        number,
        string | null,
        number,
      ];
    return {
      period,
      datasets: datasets + count(maybeSlots),
      indicators,
      users,
      budget: {
        datasets: this.options.budget.datasets ?? null,
        indicators: this.options.budget.indicators ?? null,
      },
      pending: { calls, datasets: held + count(heldSlots), indicators: heldIndicators },
      maybe: { datasets: sortedIds(maybe), count: count(maybeSlots) },
    };
  }

  /**
   * IDs certainly charged this period. The datasets of pages whose outcome is unknown are not:
   * asking for one of them again may charge it.
   */
  async chargedIds() {
    const period = this.period();
    const key = (name: PeriodKey) => this.key(period, name);
    return this.read(async () => {
      const [datasets, indicators] = await Promise.all([
        this.store.redis.smembers(key('datasets')),
        this.store.redis.smembers(key('indicators')),
      ]);
      return { datasets: sortedIds(datasets), indicators: sortedIds(indicators) };
    });
  }

  async recentCharges(user?: string): Promise<Charge[]> {
    const all = this.key(this.period(), 'charges');
    const key = user === undefined ? all : `${all}:${user}`;
    return this.read(async () =>
      (await this.store.redis.lrange(key, 0, MAX_CHARGES - 1)).map((text) =>
        chargeOf(JSON.parse(text) as StoredCharge),
      ),
    );
  }

  async hasUser(user: string): Promise<boolean> {
    const key = this.key(this.period(), 'users');
    return this.read(async () => (await this.store.redis.sismember(key, user)) === 1);
  }

  health(): LedgerHealth {
    return this.store.available()
      ? { ok: true }
      : { ok: false, detail: 'the usage ledger shared by the instances (Redis) cannot be reached' };
  }

  private async read<T>(query: () => Promise<T>): Promise<T> {
    if (!this.store.available()) throw unavailable();
    try {
      return await query();
    } catch {
      throw unavailable();
    }
  }

  async close() {
    for (const timer of this.timers) clearInterval(timer);
    // A clean stop: this instance's intents are settled; its heartbeat can go at once.
    if (this.store.available())
      await this.store.redis
        .del(`${this.heartbeatPrefix}${this.store.instance}`)
        .catch(() => undefined);
  }
}
