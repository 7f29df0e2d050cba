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

/** One `POST /api/datasets/batch` call: one page of at most 100 datasets × 100 indicators. */
export interface ScoreCall {
  version: string;
  systemModel: string;
  datasetIds: number[];
  indicatorIds: number[];
}

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  );

/**
 * As few batch calls as the limits allow, each asking for exactly one page: a page holds at most
 * 100 datasets and a call at most 100 indicators. Repeated IDs are asked for once.
 */
export function planScoreCalls(requests: readonly ScoreRequest[]): ScoreCall[] {
  return requests.flatMap((request) => {
    const indicators = [...new Set(request.indicatorIds)];
    if (indicators.length === 0) return [];
    return chunk([...new Set(request.datasetIds)], MAX_PAGE_LIMIT).flatMap((datasetIds) =>
      chunk(indicators, MAX_INDICATORS_PER_CALL).map((indicatorIds) => ({
        version: request.version,
        systemModel: request.systemModel,
        datasetIds,
        indicatorIds,
      })),
    );
  });
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
