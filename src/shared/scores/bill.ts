import { releaseKey, type ReleaseRef } from '../versions';
import { asksForScores, type ScoreRequest } from './plan';

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
  /**
   * Datasets whose scores were returned in each release this period. The service's documents
   * count Dataset IDs and do not say whether an ID asked for in another release is billed again,
   * so only these load by themselves in their release.
   */
  releases: readonly { version: string; system_model: string; datasets: readonly number[] }[];
}

/** The datasets whose scores were returned in this release this period. */
function servedIn(charged: Charged | undefined, release: ReleaseRef): Set<number> {
  const line = charged?.releases.find(
    (served) => served.version === release.version && served.system_model === release.systemModel,
  );
  return new Set(line?.datasets ?? []);
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
  /** Of those, the ones whose ID is charged this period but only in another release. */
  elsewhere: number;
}

/** What some score requests would add to this period's bill. */
export interface ScoreBill {
  /** Release by release, in the order first asked. */
  releases: BillLine[];
  adds: NewCharges;
  /**
   * Datasets charged this period under their ID but only in another release than the one asked:
   * the data service may bill them again (not documented either way), so they wait for a yes.
   */
  elsewhere: number[];
}

/**
 * The bill of some score requests, release by release. The proxy's ledger counts Dataset IDs, as
 * the data service's documents say it bills; whether it bills an ID again in another release is
 * not documented, so `adds` is the least the request may add and `elsewhere` names the datasets
 * charged only in another release. While the usage is not known (`charged` undefined),
 * everything counts as new.
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
      line: {
        version: request.version,
        systemModel: request.systemModel,
        datasets: 0,
        unseen: 0,
        elsewhere: 0,
      },
      ids: new Set<number>(),
    };
    for (const id of request.datasetIds) known.ids.add(id);
    lines.set(key, known);
  }
  const unseen = (ids: Iterable<number>) => [...ids].filter((id) => !seenDatasets.has(id));
  // Charged under their ID, but not returned in the release asked: the service may bill again.
  const onlyElsewhere = (line: BillLine, ids: Iterable<number>) => {
    const served = servedIn(charged, line);
    return [...ids].filter((id) => seenDatasets.has(id) && !served.has(id));
  };
  const elsewhere = new Set<number>();
  const releases = [...lines.values()].map(({ line, ids }) => {
    const again = onlyElsewhere(line, ids);
    for (const id of again) elsewhere.add(id);
    return { ...line, datasets: ids.size, unseen: unseen(ids).length, elsewhere: again.length };
  });
  return {
    elsewhere: [...elsewhere],
    releases,
    adds: {
      datasets: unseen(new Set(asked.flatMap((request) => request.datasetIds))),
      indicators: [...new Set(asked.flatMap((request) => request.indicatorIds))].filter(
        (id) => !seenIndicators.has(id),
      ),
      user: asked.length > 0 && charged?.user !== true,
    },
  };
}

const costsNothing = (charges: NewCharges) =>
  charges.datasets.length === 0 && charges.indicators.length === 0 && !charges.user;

/** Whether a bill certainly adds nothing: nothing new, and nothing charged only elsewhere. */
export const certainlyFree = (bill: ScoreBill) =>
  costsNothing(bill.adds) && bill.elsewhere.length === 0;

/**
 * The already-charged part of a request, which may load without asking; none while unknown. A
 * dataset counts only where its scores were returned in the request's own release.
 */
export function alreadyCharged<R extends ScoreRequest>(
  request: R,
  charged: Charged | undefined,
): R {
  if (!charged?.user) return { ...request, datasetIds: [], indicatorIds: [] };
  const datasets = servedIn(charged, request);
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

/**
 * What a bill's `elsewhere` (datasets charged only in another release) means, or undefined when it is empty: "1 dataset charged this period
 * only in another release may be charged again: …".
 */
export function describeElsewhere(
  elsewhere: readonly number[],
  count: Counted = counted,
): string | undefined {
  const n = elsewhere.length;
  if (n === 0) return undefined;
  return `${count(n, 'dataset')} charged this period only in another release may be charged again: the data service counts Dataset IDs, and its documents do not say whether it bills an ID again when asked for in another release`;
}
