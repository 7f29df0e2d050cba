import type { ScoreRequest as AnyScoreRequest } from '../../../shared/scores';
import type { Release } from '../../config/routes';

export { canonical, planCalls, type ScoreCall } from '../../../shared/scores';

/**
 * Scores someone asked for: one release, its datasets and its indicators. A page asks for one
 * request per release, or per part of a release that is agreed to separately.
 */
export type ScoreRequest = AnyScoreRequest & Release;

/** Whether a request asks for any score (and so may be charged). */
export const asksForScores = (request: ScoreRequest) =>
  request.datasetIds.length > 0 && request.indicatorIds.length > 0;

/** `3.12/cutoff`: the data service charges each release and system model separately. */
export const releaseKey = (release: Release) => `${release.version}/${release.systemModel}`;
