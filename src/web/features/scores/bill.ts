import type { Usage } from '../../../shared/api/schemas';
import { plural } from '../../lib/format';
import { asksForScores, releaseKey, type ScoreRequest } from './planner';

/** What the proxy's ledger has counted this period (from /api/usage). */
export type Charged = Usage['charged'];

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
export function alreadyCharged(request: ScoreRequest, charged: Charged | undefined): ScoreRequest {
  if (!charged?.user) return { ...request, datasetIds: [], indicatorIds: [] };
  const datasets = new Set(charged.datasets);
  const indicators = new Set(charged.indicators);
  return {
    ...request,
    datasetIds: request.datasetIds.filter((id) => datasets.has(id)),
    indicatorIds: request.indicatorIds.filter((id) => indicators.has(id)),
  };
}

/** "2 new datasets, 1 new indicator and you as a user", or undefined when nothing is new. */
export function describeCharges(charges: NewCharges): string | undefined {
  const parts = [
    charges.datasets.length > 0 && plural(charges.datasets.length, 'new dataset'),
    charges.indicators.length > 0 && plural(charges.indicators.length, 'new indicator'),
    charges.user && 'you as a user',
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return undefined;
  const last = parts.pop();
  return parts.length > 0 ? `${parts.join(', ')} and ${last ?? ''}` : last;
}
