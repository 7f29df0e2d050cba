import { useSyncExternalStore } from 'react';
import { costsNothing, newCharges, type ChargedSoFar } from './charges';

/** Scores someone asked for: a release, its datasets and its indicators. */
export interface ScoreRequest {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

interface Approval {
  release: string;
  datasets: ReadonlySet<number>;
  indicators: ReadonlySet<number>;
}

/**
 * What the user said yes to in this session. A yes covers exactly the datasets and indicators
 * the cost panel showed (or fewer), never what is added afterwards: one press of "Load scores"
 * is not consent to whatever the page asks next.
 */
let approvals: Approval[] = [];
const listeners = new Set<() => void>();

const releaseKey = (request: ScoreRequest) => `${request.version}/${request.systemModel}`;

function covers(approval: Approval, request: ScoreRequest) {
  return (
    approval.release === releaseKey(request) &&
    request.datasetIds.every((id) => approval.datasets.has(id)) &&
    request.indicatorIds.every((id) => approval.indicators.has(id))
  );
}

function approve(request: ScoreRequest) {
  approvals = [
    ...approvals,
    {
      release: releaseKey(request),
      datasets: new Set(request.datasetIds),
      indicators: new Set(request.indicatorIds),
    },
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
 * Whether these scores may load: they cost nothing new this period, or the user approved them
 * (or more). `charges` is what loading them would add, for the cost panel.
 */
export function useScoreConsent(request: ScoreRequest, charged: ChargedSoFar | undefined) {
  const current = useSyncExternalStore(subscribe, () => approvals);
  const charges = newCharges(charged, request.datasetIds, request.indicatorIds);
  const free = charged !== undefined && costsNothing(charges);
  return {
    charges,
    allowed: free || current.some((approval) => covers(approval, request)),
    approve: () => approve(request),
  };
}

const asksForScores = (request: ScoreRequest) =>
  request.datasetIds.length > 0 && request.indicatorIds.length > 0;

/**
 * Scores from several releases at once (a dataset's history, an upgrade check's both sides). The
 * data service charges each release separately, while the proxy's ledger counts Dataset IDs
 * only, so its "already charged" says nothing about another release: these load only once the
 * user has said yes to each release's request (answers this browser already holds show anyway,
 * as they cost no call). `covered[i]` says whether `requests[i]` may load.
 */
export function useConsentAcrossReleases(requests: readonly ScoreRequest[]) {
  const current = useSyncExternalStore(subscribe, () => approvals);
  const covered = requests.map(
    (request) => asksForScores(request) && current.some((approval) => covers(approval, request)),
  );
  return {
    covered,
    /** Every request that asks for scores may load. */
    allowed: requests.every((request, i) => !asksForScores(request) || covered[i] === true),
    approve: () => {
      for (const request of requests) if (asksForScores(request)) approve(request);
    },
  };
}
