import { MAX_INDICATORS_PER_CALL, MAX_PAGE_LIMIT } from './api/routes';

/**
 * Scores cost money, whoever asks: the planner that splits a request into calls the proxy takes,
 * and the bill that says what they add to this period's charges, for every client of the proxy
 * (the command line today; the explorer's pages can share it).
 */

/** Scores asked of one release: its datasets and indicators. */
export interface ScoreRequest {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

/**
 * One call to the data service: at most 100 datasets of one release (a page of
 * `POST /api/datasets/batch`, or the one dataset of `GET /api/datasets/{id}`) and at most 100
 * indicators, each list sorted and without repeats, so the same scores asked by any page or
 * program, in any order, are one call and one cache entry. No indicators: the documentation only
 * (free).
 */
export interface ScoreCall {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

/** IDs sorted and without repeats: the one spelling of a set, in calls and cache keys. */
export const canonical = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  );

/**
 * The calls a request takes: datasets in chunks of `datasetsPerCall` (100, a batch's page; 1 for
 * one dataset's own call), indicators in chunks of 100, one call per pair of chunks.
 */
export function planCalls(request: ScoreRequest, datasetsPerCall = MAX_PAGE_LIMIT): ScoreCall[] {
  const { version, systemModel } = request;
  const indicators = canonical(request.indicatorIds);
  const indicatorChunks = indicators.length > 0 ? chunk(indicators, MAX_INDICATORS_PER_CALL) : [[]];
  return chunk(canonical(request.datasetIds), datasetsPerCall).flatMap((datasetIds) =>
    indicatorChunks.map((indicatorIds) => ({ version, systemModel, datasetIds, indicatorIds })),
  );
}

/** What this period has charged so far, as `GET /api/usage` says (`charged`). */
export interface Charged {
  datasets: readonly number[];
  indicators: readonly number[];
  /** Whether the caller already counts as one of the period's users. */
  user: boolean;
}

/** What a request would add to this period's bill. */
export interface ScoreBill {
  /** Datasets not charged yet, per release asked. */
  releases: { version: string; systemModel: string; datasets: number[] }[];
  indicators: number[];
  /** Whether the caller would become one of the period's users. */
  user: boolean;
}

/**
 * The data service bills unique datasets, indicators and users a period. The proxy's ledger
 * knows Dataset IDs without their release, so a dataset charged in one release reads as charged
 * in every release: across several releases, this is the least the request may add.
 */
export function scoreBill(charged: Charged, requests: readonly ScoreRequest[]): ScoreBill {
  const asked = requests.filter((r) => r.datasetIds.length > 0 && r.indicatorIds.length > 0);
  const datasets = new Set(charged.datasets);
  const indicators = new Set(charged.indicators);
  return {
    releases: asked.map((request) => ({
      version: request.version,
      systemModel: request.systemModel,
      datasets: [...new Set(request.datasetIds)].filter((id) => !datasets.has(id)),
    })),
    indicators: [...new Set(asked.flatMap((r) => r.indicatorIds))].filter(
      (id) => !indicators.has(id),
    ),
    user: asked.length > 0 && !charged.user,
  };
}

export const billIsEmpty = (bill: ScoreBill) =>
  bill.indicators.length === 0 &&
  !bill.user &&
  bill.releases.every((release) => release.datasets.length === 0);

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "3 new datasets (3.12 cutoff), 1 new indicator and you as a user", or "nothing new" when the
 * request costs nothing more this period.
 */
export function describeBill(bill: ScoreBill): string {
  const several = bill.releases.length > 1;
  const parts = [
    ...bill.releases
      .filter((release) => release.datasets.length > 0)
      .map(
        (release) =>
          `${count(release.datasets.length, 'new dataset')}${several ? ` (${release.version} ${release.systemModel})` : ''}`,
      ),
    ...(bill.indicators.length > 0 ? [count(bill.indicators.length, 'new indicator')] : []),
    ...(bill.user ? ['you as a user'] : []),
  ];
  if (parts.length === 0) return 'nothing new';
  const last = parts.pop();
  return parts.length > 0 ? `${parts.join(', ')} and ${last ?? ''}` : (last ?? '');
}
