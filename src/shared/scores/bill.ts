import { asksForScores, releaseKey, type ScoreRequest } from './plan';

/**
 * What scores add to this period's bill, for every client of the proxy (the explorer's pages and
 * the command line): the data service bills unique datasets, indicators and users a period.
 */

/** What this period has charged so far, as `GET /api/usage` says (`charged`). */
export interface Charged {
  datasets: readonly number[];
  indicators: readonly number[];
  /** Whether the caller already counts as one of the period's users. */
  user: boolean;
}

/**
 * What loading scores adds to this period's bill at least: the data service bills unique
 * datasets, indicators and users a period, so a request costs nothing more only when its
 * datasets and indicators are all charged already and its user is already counted.
 */
export interface NewCharges {
  datasets: number[];
  indicators: number[];
  user: boolean;
}

/** One release (version and system model) of a bill. */
export interface BillLine {
  version: string;
  systemModel: string;
  /** Datasets whose scores would be asked for in this release. */
  datasets: number;
  /** Of those, the ones whose ID the proxy has not seen charged this period. */
  unseen: number;
}

/** What some score requests would add to this period's bill. */
export interface ScoreBill {
  /** Release by release, in the order first asked. */
  releases: BillLine[];
  adds: NewCharges;
}

/**
 * The bill of some score requests, release by release. The data service charges each release
 * separately while the proxy's ledger knows Dataset IDs only, so a dataset charged in one
 * release reads as charged in every release here: `adds` is the least the request may add.
 * While the usage is not known (`charged` undefined), everything counts as new.
 */
export function scoreBill(
  requests: readonly ScoreRequest[],
  charged: Charged | undefined,
): ScoreBill {
  const asked = requests.filter(asksForScores);
  const seenDatasets = new Set(charged?.datasets ?? []);
  const seenIndicators = new Set(charged?.indicators ?? []);
  const lines = new Map<string, { line: BillLine; ids: Set<number> }>();
  for (const request of asked) {
    const key = releaseKey(request);
    const known = lines.get(key) ?? {
      line: { version: request.version, systemModel: request.systemModel, datasets: 0, unseen: 0 },
      ids: new Set<number>(),
    };
    for (const id of request.datasetIds) known.ids.add(id);
    lines.set(key, known);
  }
  const unseen = (ids: Iterable<number>) => [...ids].filter((id) => !seenDatasets.has(id));
  return {
    releases: [...lines.values()].map(({ line, ids }) => ({
      ...line,
      datasets: ids.size,
      unseen: unseen(ids).length,
    })),
    adds: {
      datasets: unseen(new Set(asked.flatMap((request) => request.datasetIds))),
      indicators: [...new Set(asked.flatMap((request) => request.indicatorIds))].filter(
        (id) => !seenIndicators.has(id),
      ),
      user: asked.length > 0 && charged?.user !== true,
    },
  };
}

export const costsNothing = (charges: NewCharges) =>
  charges.datasets.length === 0 && charges.indicators.length === 0 && !charges.user;

/** The already-charged part of a request, which may load without asking; none while unknown. */
export function alreadyCharged<R extends ScoreRequest>(
  request: R,
  charged: Charged | undefined,
): R {
  if (!charged?.user) return { ...request, datasetIds: [], indicatorIds: [] };
  const datasets = new Set(charged.datasets);
  const indicators = new Set(charged.indicators);
  return {
    ...request,
    datasetIds: request.datasetIds.filter((id) => datasets.has(id)),
    indicatorIds: request.indicatorIds.filter((id) => indicators.has(id)),
  };
}

/** How a count and its noun are written: "1 new dataset", "2 new datasets". */
export type Counted = (count: number, noun: string) => string;
const counted: Counted = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "a, b and c" of the new datasets given, then the bill's new indicators and user. */
function sentence(datasets: string[], charges: NewCharges, count: Counted): string | undefined {
  const parts = [
    ...datasets,
    ...(charges.indicators.length > 0 ? [count(charges.indicators.length, 'new indicator')] : []),
    ...(charges.user ? ['you as a user'] : []),
  ];
  const last = parts.pop();
  return parts.length > 0 ? `${parts.join(', ')} and ${last ?? ''}` : last;
}

/** "2 new datasets, 1 new indicator and you as a user", or undefined when nothing is new. */
export function describeCharges(charges: NewCharges, count: Counted = counted): string | undefined {
  const datasets = charges.datasets.length;
  return sentence(datasets > 0 ? [count(datasets, 'new dataset')] : [], charges, count);
}

/**
 * A bill in one sentence, each release's new datasets named when there are several: "2 new
 * datasets (3.10 cutoff), 1 new dataset (3.12 cutoff) and you as a user", or "nothing new".
 */
export function describeBill(bill: ScoreBill, count: Counted = counted): string {
  if (bill.releases.length <= 1) return describeCharges(bill.adds, count) ?? 'nothing new';
  const datasets = bill.releases
    .filter((line) => line.unseen > 0)
    .map((line) => `${count(line.unseen, 'new dataset')} (${line.version} ${line.systemModel})`);
  return sentence(datasets, bill.adds, count) ?? 'nothing new';
}
