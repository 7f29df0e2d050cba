import { randomBytes } from 'node:crypto';
import { ProxyError } from '../errors';
import type { Log } from '../redis/connection';
import { ChargeLog } from './charge-log';
import { LedgerFile, LedgerWriteError } from './ledger-file';
import { LedgerWrites, unwritable } from './ledger-writes';
import { ServedByRelease } from './served';
import { holdCounts, readLines, sorted, unique, type Hold, type Line } from './ledger-lines';
import {
  periodOf,
  sourceFields,
  storedSource,
  type Charge,
  type ChargeSource,
  type LedgerHealth,
  type Recovered,
  type Reservation,
  type ScoredCall,
  type UsageSnapshot,
} from './ledger-types';

/** What start-up found wrong in the file, and how it dealt with it. */
export interface Opened {
  /** Bytes of a last line torn by a crash mid-write, ended before anything was appended. */
  tornTail: number;
  /** Lines that could not be read (skipped), and of those, lines whose end could be read. */
  unreadable: number;
  salvaged: number;
}

/**
 * What this licence period has been charged for, as the proxy saw it: unique datasets,
 * indicators and users of answers with scores, and a budget that holds however many calls run
 * at once. A scored call reserves what it could charge before it is sent, and the reservation
 * counts against the budget until the call settles. Both steps are appended to a file and
 * flushed to disk, so a crash at any point leaves the ledger at or above what the service
 * charged, never below.
 */
export class UsageLedger {
  private readonly datasets = new Set<number>();
  private readonly indicators = new Set<number>();
  private readonly users = new Set<string>();
  /** Datasets and indicators held by calls in flight that may charge all of theirs. */
  private readonly heldDatasets = new Map<number, number>();
  private readonly heldIndicators = new Map<number, number>();
  /** Datasets held by calls in flight that charge at most a page of theirs. */
  private heldSlots = 0;
  /** Datasets of pages whose outcome is unknown, and how many of them may have been charged. */
  private readonly maybe = new Set<number>();
  private maybeSlots = 0;
  /** Datasets whose scores were returned in each release this period (`served` on lines). */
  private readonly served = new ServedByRelease();
  /** Calls holding part of the budget: in flight, or their outcome not written yet. */
  private readonly holding = new Set<Hold>();
  private readonly charges = new ChargeLog();
  private readonly prefix = randomBytes(4).toString('hex');
  private sequence = 0;
  private period: string;
  private readonly writes: LedgerWrites;
  readonly recovered: Recovered = { calls: 0, datasets: 0, indicators: 0 };
  readonly opened: Opened = { tornTail: 0, unreadable: 0, salvaged: 0 };

  constructor(
    private readonly options: {
      file: string | undefined;
      budget: { datasets: number | undefined; indicators: number | undefined };
      now: () => number;
      log?: Log;
    },
  ) {
    this.period = this.currentPeriod();
    const file = options.file ? LedgerFile.open(options.file) : undefined;
    this.writes = new LedgerWrites(file, {
      path: options.file,
      log: options.log,
      check: () => ({ period: this.currentPeriod(), check: true, at: this.options.now() }),
      apply: (line) => this.apply(line),
      letGo: (held) => this.take(held, -1),
    });
    if (file) {
      this.opened.tornTail = file.tornTail;
      const unsettled = this.replay(file.text);
      for (const [id, line] of unsettled) this.recover(id, line);
      this.writes.retryWhenFailing();
    }
  }

  private currentPeriod(): string {
    return periodOf(this.options.now());
  }

  /** Reads the file back; returns this period's intents that were never settled. */
  private replay(text: string): Map<string, Line> {
    const read = readLines(text, this.period);
    this.opened.unreadable = read.unreadable;
    this.opened.salvaged = read.salvaged;
    for (const line of read.charged) this.apply(line);
    return read.open;
  }

  /** An intent left open by a crash: the call may have been charged, so it is, and said so. */
  private recover(id: string, intent: Line) {
    const user = intent.by ?? intent.user;
    const charges = this.unknownOutcome({
      user,
      datasets: intent.datasets ?? [],
      indicators: intent.indicators ?? [],
      slots: intent.slots,
    });
    this.writes.commit({
      line: { ...charges, settle: id, ...this.stamp(user, storedSource(intent)) },
      held: undefined,
      applied: false,
    });
    this.recovered.calls++;
    this.recovered.datasets += charges.datasets?.length ?? charges.slots ?? 0;
    this.recovered.indicators += charges.indicators?.length ?? 0;
  }

  /**
   * What a call whose outcome nobody knows is counted as: everything it could have charged. For
   * a page of a longer list, which datasets is not known: all are listed, as many as the page
   * holds are counted against the budget, and each still counts as new to a later call.
   */
  private unknownOutcome(call: Omit<Hold, 'user' | 'source'> & { user: string | undefined }): Line {
    const { user, datasets, indicators, slots } = call;
    if (slots === undefined) return this.fresh(user, datasets, indicators);
    const line = this.fresh(user, [], indicators);
    if (datasets.length > 0) Object.assign(line, { maybe: datasets, slots });
    return line;
  }

  private apply(line: Line) {
    if (line.served?.length) this.served.add(storedSource(line).release, line.served);
    if (line.user !== undefined) this.users.add(line.user);
    for (const id of line.datasets ?? []) this.datasets.add(id);
    for (const id of line.indicators ?? []) this.indicators.add(id);
    for (const id of line.maybe ?? []) this.maybe.add(id);
    this.maybeSlots += line.slots ?? 0;
    if (
      line.user !== undefined ||
      line.datasets?.length ||
      line.maybe?.length ||
      line.indicators?.length
    ) {
      this.charges.add({
        at: line.at ?? 0,
        user: line.by ?? line.user,
        newUser: line.user !== undefined,
        datasets: line.datasets ?? [],
        maybe: line.maybe?.length ? { datasets: line.maybe, count: line.slots ?? 0 } : null,
        indicators: line.indicators ?? [],
        source: storedSource(line),
      });
    }
  }

  /** Who, when and what for, written on every line that may charge, for the itemised usage. */
  private stamp(
    user: string | undefined,
    source: ChargeSource,
  ): Pick<Line, 'by' | 'at' | 'release' | 'page' | 'client'> {
    return {
      ...(user === undefined ? {} : { by: user }),
      at: this.options.now(),
      ...sourceFields(source),
    };
  }

  /** The charges among these that are new this period, as a line's fields. */
  private fresh(
    user: string | undefined,
    datasetIds: readonly number[],
    indicatorIds: readonly number[],
  ): Line {
    const line: Line = { period: this.period };
    if (user !== undefined && !this.users.has(user)) line.user = user;
    const datasets = unique(datasetIds).filter((id) => !this.datasets.has(id));
    const indicators = unique(indicatorIds).filter((id) => !this.indicators.has(id));
    if (datasets.length) line.datasets = datasets;
    if (indicators.length) line.indicators = indicators;
    return line;
  }

  /** Datasets returned with scores in the call's release and not recorded there yet. */
  private newlyServed(source: ChargeSource, datasets: readonly number[]): Pick<Line, 'served'> {
    const served = this.served.unrecorded(source.release, datasets);
    return served.length > 0 ? { served } : {};
  }

  health(): LedgerHealth {
    return this.writes.health();
  }

  private rollPeriod() {
    const period = this.currentPeriod();
    if (period !== this.period) {
      this.period = period;
      this.datasets.clear();
      this.indicators.clear();
      this.users.clear();
      this.maybe.clear();
      this.maybeSlots = 0;
      this.served.clear();
      this.charges.clear();
    }
  }

  /**
   * Holds what a scored call could charge, or refuses it (403 `budget_exhausted`) before it is
   * sent. Undefined when the call asks for no scores, which the service does not charge.
   */
  reserve(call: ScoredCall): Reservation | undefined {
    const { user, source, maxDatasets = Infinity } = call;
    const { datasets: datasetIds, indicators: indicatorIds } = call;
    if (indicatorIds.length === 0 || datasetIds.length === 0) return undefined;
    this.rollPeriod();
    // Lines of earlier calls go first; while they cannot, no new call goes out.
    if (!this.writes.flush())
      throw unwritable(this.writes.fault ?? 'lines are waiting to be written');
    const candidates = this.fresh(user, datasetIds, indicatorIds);
    const datasets = candidates.datasets ?? [];
    const indicators = candidates.indicators ?? [];
    // A call that can charge all its datasets holds each of them, shared with other calls that
    // hold the same ones; a page of a longer list holds a number of slots instead, since which
    // datasets it charges is not known beforehand.
    const slots = datasets.length > maxDatasets ? maxDatasets : undefined;
    const addedDatasets = slots ?? datasets.filter((id) => !this.heldDatasets.has(id)).length;
    const addedIndicators = indicators.filter((id) => !this.heldIndicators.has(id)).length;
    const used = {
      datasets: this.datasets.size + this.maybeSlots + this.heldDatasets.size + this.heldSlots,
      indicators: this.indicators.size + this.heldIndicators.size,
    };
    const { budget } = this.options;
    const over = (committed: number, added: number, limit: number | undefined) =>
      limit !== undefined && added > 0 && committed + added > limit;
    if (
      over(used.datasets, addedDatasets, budget.datasets) ||
      over(used.indicators, addedIndicators, budget.indicators)
    ) {
      throw new ProxyError(403, 'budget_exhausted', {
        detail: `This request could charge ${Math.min(datasets.length, maxDatasets)} new datasets and ${indicators.length} new indicators, past this period's budget (${used.datasets}/${budget.datasets ?? '∞'} datasets, ${used.indicators}/${budget.indicators ?? '∞'} indicators used or held by requests in flight).`,
        hint: 'Use datasets and indicators already charged this period, or raise SCORE_BUDGET_DATASETS / SCORE_BUDGET_INDICATORS',
      });
    }
    const held: Hold = { user, source, datasets, slots, indicators };
    const id = `${this.prefix}-${++this.sequence}`;
    const open = candidates.user !== undefined || datasets.length > 0 || indicators.length > 0;
    if (open) {
      const wasFailing = this.writes.fault !== undefined;
      try {
        this.writes.write({
          ...candidates,
          intent: id,
          ...(slots === undefined ? {} : { slots }),
          ...this.stamp(user, source),
        });
      } catch (error) {
        if (!(error instanceof LedgerWriteError)) throw error;
        // Nothing of the intent is left in the file, and the call does not go out.
        if (!wasFailing) this.writes.warnFault(error);
        throw unwritable(error.message);
      }
    }
    this.take(held, 1);
    let done = false;
    const finish = (charged: Line | undefined) => {
      if (done) return;
      done = true;
      const stamped = charged && { ...charged, ...this.stamp(user, source) };
      const line = open ? { ...(stamped ?? { period: this.period }), settle: id } : stamped;
      if (line) this.writes.commit({ line, held, applied: false });
      else this.take(held, -1);
    };
    return {
      settle: (chargedDatasets, chargedIndicators) =>
        finish(
          chargedDatasets.length > 0 && chargedIndicators.length > 0
            ? {
                ...this.fresh(user, chargedDatasets, chargedIndicators),
                ...this.newlyServed(source, chargedDatasets),
              }
            : undefined,
        ),
      release: () => finish(undefined),
      settleUnknown: () => finish(this.unknownOutcome(held)),
    };
  }

  private take(held: Hold, delta: 1 | -1) {
    if (delta > 0) this.holding.add(held);
    else this.holding.delete(held);
    if (held.slots === undefined) holdCounts(this.heldDatasets, held.datasets, delta);
    else this.heldSlots += delta * held.slots;
    holdCounts(this.heldIndicators, held.indicators, delta);
  }

  snapshot(): UsageSnapshot {
    this.rollPeriod();
    return {
      period: this.period,
      datasets: this.datasets.size + this.maybeSlots,
      indicators: this.indicators.size,
      users: this.users.size,
      budget: {
        datasets: this.options.budget.datasets ?? null,
        indicators: this.options.budget.indicators ?? null,
      },
      pending: {
        calls: this.holding.size,
        datasets: sorted(new Set([...this.holding].flatMap((held) => held.datasets))),
        count: this.heldDatasets.size + this.heldSlots,
        indicators: sorted(this.heldIndicators.keys()),
      },
      maybe: { datasets: sorted(this.maybe), count: this.maybeSlots },
      // A file ledger loses nothing it acknowledged (storage faults refuse the call instead).
      lost: { datasets: 0, indicators: 0, users: 0 },
    };
  }

  /**
   * IDs certainly charged this period, for the SPA to say what a request would add to the bill.
   * A dataset that only may have been (a page whose outcome is unknown) is not: asking for it
   * again may charge it.
   */
  chargedIds() {
    this.rollPeriod();
    return { datasets: sorted(this.datasets), indicators: sorted(this.indicators) };
  }

  /** Whether this user already counts as one of the period's users. */
  hasUser(user: string): boolean {
    this.rollPeriod();
    return this.users.has(user);
  }

  /** This period's charges, newest first: everyone's, or one user's. */
  recentCharges(user?: string): Charge[] {
    this.rollPeriod();
    return this.charges.recent(user);
  }

  /** How many charges this period has: everyone's, or one user's (`recentCharges` lists 500). */
  chargeCount(user?: string): number {
    this.rollPeriod();
    return this.charges.count(user);
  }

  /** Datasets whose scores were returned in each release this period. */
  servedByRelease() {
    this.rollPeriod();
    return this.served.list();
  }

  close(): void {
    this.writes.close();
  }
}
