import { ProxyError } from '../errors';
import { ALIVE_PREFIX, type Log, type SharedStore } from '../redis/connection';
import type { ServedRelease } from './served';
import type { LedgerStore, StoredReservation } from './ledger-store';
import {
  periodOf,
  sourceFields,
  type Charge,
  type LedgerHealth,
  type Recovered,
  type ScoredCall,
  type UsageSnapshot,
} from './ledger-types';
import { LedgerEpoch, ledgerKeys, mismatchError } from './ledger-epoch';
import { LedgerWitness } from './ledger-witness';
import { LEDGER_KEYS, PERIOD_KEYS, RESERVE, SETTLE, SWEEP } from './redis-ledger-scripts';
import {
  readCharges,
  readChargedIds,
  readServed,
  readTotals,
  snapshotOf,
  type PeriodKey,
} from './redis-ledger-reads';
import { notDurable, unavailable } from './redis-ledger-refusals';
import type { Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ledgerReserve(...args: (string | number)[]): Result<number[], Context>;
    ledgerSettle(...args: (string | number)[]): Result<number[], Context>;
    ledgerSweep(...args: (string | number)[]): Result<number[], Context>;
  }
}

const SWEEP_MS = 1_000;
const NUMBER_OF_KEYS = PERIOD_KEYS.length + LEDGER_KEYS.length;

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
  private readonly epoch: LedgerEpoch;
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
      /** Where this machine keeps what it saw of the ledger (USAGE_WITNESS_PATH); unset: memory. */
      witnessPath?: string | undefined;
      /** `require`: scored calls are refused while Redis could lose them; `warn`: logged only. */
      durability?: 'require' | 'warn';
    },
  ) {
    const { redis } = store;
    redis.defineCommand('ledgerReserve', { numberOfKeys: NUMBER_OF_KEYS, lua: RESERVE });
    redis.defineCommand('ledgerSettle', { numberOfKeys: NUMBER_OF_KEYS, lua: SETTLE });
    redis.defineCommand('ledgerSweep', { numberOfKeys: NUMBER_OF_KEYS, lua: SWEEP });
    this.epoch = new LedgerEpoch(store, {
      now: options.now,
      log: options.log,
      witness: new LedgerWitness(options.witnessPath),
    });
    this.timers.push(setInterval(() => void this.sweep(), SWEEP_MS));
    for (const timer of this.timers) timer.unref();
  }

  /** Checks the ledger is the one this machine knew, and counts what earlier runs left open. */
  async start() {
    await this.epoch.verify();
    await this.sweep();
  }

  /** What keeps scored calls from being counted durably now, as a 503; undefined when nothing. */
  private refusal(): ProxyError | undefined {
    if (!this.store.available()) return unavailable();
    const mismatch = this.epoch.mismatch;
    if (mismatch !== undefined) return mismatchError(mismatch);
    const problems = this.store.durabilityProblems();
    if (this.options.durability !== 'warn' && problems.length > 0) return notDurable(problems);
    return undefined;
  }

  /** Counts intents left by dead instances, or past their deadline, as charged in full. */
  async sweep(): Promise<Recovered> {
    const found: Recovered = { calls: 0, datasets: 0, indicators: 0 };
    if (!this.store.available()) return found;
    try {
      const [calls = 0, datasets = 0, indicators = 0] = await this.store.redis.ledgerSweep(
        ...this.keys(this.period()),
        this.options.now(),
        ALIVE_PREFIX,
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
    return ledgerKeys(period)[PERIOD_KEYS.indexOf(name)] ?? '';
  }

  /** The keys the scripts take, in their order. */
  private keys(period: string): string[] {
    return ledgerKeys(period);
  }

  async reserve(call: ScoredCall): Promise<StoredReservation | undefined> {
    const { user, maxDatasets = Infinity } = call;
    const { datasets: datasetIds, indicators: indicatorIds } = call;
    if (indicatorIds.length === 0 || datasetIds.length === 0) return undefined;
    if (this.epoch.mismatch !== undefined) await this.epoch.verify();
    const refused = this.refusal();
    if (refused) throw refused;
    const period = this.period();
    const keys = this.keys(period);
    const id = `${this.store.instance}-${++this.sequence}`;
    const { budget } = this.options;
    const send = () =>
      this.store.redis.ledgerReserve(
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
        ...this.epoch.expected(period),
      );
    let reply: number[];
    try {
      reply = await send();
      if (reply[0] === 3) {
        // Not the ledger this instance knew: checked again (an operator's confirmation is
        // adopted there), and tried once more if it is whole.
        await this.epoch.verify();
        const still = this.refusal();
        if (still) throw still;
        reply = await send();
      }
    } catch (error) {
      if (error instanceof ProxyError) throw error;
      // Whether Redis took the intent is unknown: the call does not leave. An intent it did take
      // is counted in full at its deadline, which keeps the ledger above, never below.
      throw unavailable();
    }
    const [status, usedDatasets, usedIndicators] = reply;
    if (status === 3) throw mismatchError('it changed while the call was being reserved');
    if (status === 1 || status === 2) this.epoch.observe(period, reply.slice(1));
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
        const settled = await this.store.redis.ledgerSettle(
          ...keys,
          id,
          mode,
          JSON.stringify(datasets),
          JSON.stringify(indicators),
        );
        this.epoch.observe(period, settled.slice(1));
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
    const reply = await this.read(async () => readTotals(this.store.redis, key));
    return snapshotOf(period, reply, this.options.budget);
  }

  /**
   * IDs certainly charged this period. The datasets of pages whose outcome is unknown are not:
   * asking for one of them again may charge it.
   */
  async chargedIds() {
    const period = this.period();
    const key = (name: PeriodKey) => this.key(period, name);
    return this.read(async () => readChargedIds(this.store.redis, key));
  }

  async recentCharges(user?: string): Promise<Charge[]> {
    const all = this.key(this.period(), 'charges');
    const key = user === undefined ? all : `${all}:${user}`;
    return this.read(async () => readCharges(this.store.redis, key));
  }

  async chargeCount(user?: string): Promise<number> {
    const key = `${this.key(this.period(), 'charges')}#count`;
    return this.read(async () =>
      Number((await this.store.redis.hget(key, user === undefined ? '*' : `u:${user}`)) ?? 0),
    );
  }

  async servedByRelease(): Promise<ServedRelease[]> {
    const served = `${this.key(this.period(), 'datasets')}@served`;
    return this.read(async () => readServed(this.store.redis, served));
  }

  async hasUser(user: string): Promise<boolean> {
    const key = this.key(this.period(), 'users');
    return this.read(async () => (await this.store.redis.sismember(key, user)) === 1);
  }

  health(): LedgerHealth {
    const refused = this.refusal();
    if (!refused) return { ok: true };
    return { ok: false, code: refused.code, detail: refused.options.detail ?? refused.code };
  }

  private async read<T>(query: () => Promise<T>): Promise<T> {
    if (!this.store.available()) throw unavailable();
    // What a ledger that lost data says is not this period's usage.
    if (this.epoch.mismatch !== undefined) await this.epoch.verify();
    const mismatch = this.epoch.mismatch;
    if (mismatch !== undefined) throw mismatchError(mismatch);
    try {
      return await query();
    } catch {
      throw unavailable();
    }
  }

  async close() {
    for (const timer of this.timers) clearInterval(timer);
    this.epoch.close();
  }
}
