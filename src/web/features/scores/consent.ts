import { useSyncExternalStore } from 'react';
import { certainlyFree, scoreBill, type Charged } from './bill';
import { asksForScores, releaseKey, type ScoreRequest } from './planner';

interface Approval {
  release: string;
  datasets: ReadonlySet<number>;
  indicators: ReadonlySet<number>;
}

/**
 * What the user said yes to in this session. A yes covers exactly the datasets and indicators
 * the bill showed (or fewer), never what is added afterwards: one press of "Load scores" is not
 * consent to whatever the page asks next.
 */
let approvals: Approval[] = [];
const listeners = new Set<() => void>();

function covers(approval: Approval, request: ScoreRequest) {
  return (
    approval.release === releaseKey(request) &&
    request.datasetIds.every((id) => approval.datasets.has(id)) &&
    request.indicatorIds.every((id) => approval.indicators.has(id))
  );
}

function approve(requests: readonly ScoreRequest[]) {
  approvals = [
    ...approvals,
    ...requests.map((request) => ({
      release: releaseKey(request),
      datasets: new Set(request.datasetIds),
      indicators: new Set(request.indicatorIds),
    })),
  ];
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** For tests: a new session. */
export function forgetApprovals() {
  approvals = [];
  for (const listener of listeners) listener();
}

/**
 * Where a page's scores come from, which decides what may load without a yes:
 * - `release`: one release. What the proxy's ledger says was charged this period and returned
 *   in this same release loads by itself. A Dataset ID charged only in another release waits:
 *   the service's documents do not say whether an ID is billed again in another release.
 * - `releases`: several at once (a dataset's history, an upgrade check's both sides): each
 *   request waits for its own yes, so a bill spanning releases is always read first.
 */
export type ScoreScope = 'release' | 'releases';

/**
 * Whether each request may load (`covered[i]`): it asks for nothing, the user said yes to it
 * (or more), or, within one release, it costs nothing new this period.
 */
export function useScoreConsent(
  requests: readonly ScoreRequest[],
  charged: Charged | undefined,
  scope: ScoreScope,
) {
  const current = useSyncExternalStore(subscribe, () => approvals);
  const free = (request: ScoreRequest) =>
    scope === 'release' && charged !== undefined && certainlyFree(scoreBill([request], charged));
  const covered = requests.map(
    (request) =>
      !asksForScores(request) ||
      free(request) ||
      current.some((approval) => covers(approval, request)),
  );
  return {
    covered,
    /** Every request may load. */
    allowed: covered.every(Boolean),
    /** Says yes to every request not covered yet. */
    approve: () => approve(requests.filter((_, i) => covered[i] !== true)),
  };
}
