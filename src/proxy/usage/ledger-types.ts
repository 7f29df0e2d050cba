import {
  CallerClientSchema,
  explorerPageOf,
  type CallerClient,
  type ExplorerPage,
} from '../../shared/api/schemas';
import type { ProblemCode } from '../../shared/problem';

/** What a scored call was for and where it came from, kept with its charges. */
export interface ChargeSource {
  /** Null in charges recorded before this was kept. */
  release: { version: string; systemModel: string } | null;
  page: ExplorerPage;
  client: CallerClient;
}

/** A scored call about to go out, as the ledger holds it against the budget. */
export interface ScoredCall {
  /** The user's billing ID. */
  user: string;
  datasets: readonly number[];
  indicators: readonly number[];
  /** How many of the datasets one answer can hold (a page of a batch); all when unset. */
  maxDatasets?: number;
  source: ChargeSource;
}

/** One scored call's new charges this period: when, by whom, what for, and what it added. */
export interface Charge {
  at: number;
  /** The user's billing ID (a hash), or undefined in a ledger written before it was kept. */
  user: string | undefined;
  /** Whether the call made its user count as one of the period's users. */
  newUser: boolean;
  datasets: number[];
  /** A page whose outcome nobody knows: at most `count` of these datasets were charged. */
  maybe: { datasets: number[]; count: number } | null;
  indicators: number[];
  source: ChargeSource;
}

export interface UsageSnapshot {
  period: string;
  /** Datasets charged, counting as many of `maybe.datasets` as `maybe.count`: the budget's use. */
  datasets: number;
  indicators: number;
  users: number;
  budget: { datasets: number | null; indicators: number | null };
  /** Calls whose outcome is not recorded yet: what they may still charge (at most `count` datasets). */
  pending: { calls: number; datasets: number[]; count: number; indicators: number[] };
  /** Datasets of pages whose outcome is unknown, of which at most `count` were charged. */
  maybe: { datasets: number[]; count: number };
  /**
   * Charges the ledger lost and an operator confirmed (Redis lost its data; `ledger:confirm --
   * --yes`): in the totals above and against the budget, with no IDs or calls left to itemise.
   */
  lost: { datasets: number; indicators: number; users: number };
}

/** A scored call's hold on the budget, from before it is sent until its outcome is known. */
export interface Reservation {
  /** The service answered: these are the datasets and indicators it sent scores for. */
  settle(datasetIds: readonly number[], indicatorIds: readonly number[]): void;
  /** The service certainly charged nothing: it refused the call, or the call never left. */
  release(): void;
  /** Nobody knows what the service charged (a timeout, an answer the proxy refused): all of it. */
  settleUnknown(): void;
}

/** What was found of calls that went out and were never settled, now counted as charged. */
export interface Recovered {
  calls: number;
  datasets: number;
  indicators: number;
}

/** Whether scored calls can be counted, and if not, why (the code they are refused with). */
export type LedgerHealth = { ok: true } | { ok: false; code: ProblemCode; detail: string };

/** A licence period is a calendar year (UTC), as licences are sold. */
export const periodOf = (now: number) => String(new Date(now).getUTCFullYear());

/** A period's first and last day. */
export const periodDates = (period: string) => ({
  start: `${period}-01-01`,
  end: `${period}-12-31`,
});

/**
 * A charge's source as stored (a ledger line or a Redis entry), read back whatever wrote it:
 * anything missing (an older ledger) or unknown is `null`, `other` or `unknown`.
 */
export function storedSource(stored: {
  release?: unknown;
  page?: unknown;
  client?: unknown;
}): ChargeSource {
  const release = stored.release as { version?: unknown; system_model?: unknown } | undefined;
  return {
    release:
      typeof release?.version === 'string' && typeof release.system_model === 'string'
        ? { version: release.version, systemModel: release.system_model }
        : null,
    page: explorerPageOf(stored.page),
    client: CallerClientSchema.safeParse(stored.client).data ?? 'unknown',
  };
}

/** A charge's source as stored: the release with the API's field names. */
export function sourceFields(source: ChargeSource) {
  return {
    ...(source.release
      ? { release: { version: source.release.version, system_model: source.release.systemModel } }
      : {}),
    page: source.page,
    client: source.client,
  };
}
