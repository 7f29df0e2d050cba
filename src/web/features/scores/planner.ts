import type { ScoreRequest as AnyScoreRequest } from '../../../shared/scores/plan';
import type { ReleaseRef } from '../../config/routes';

export { asksForScores, canonical, planCalls, type ScoreCall } from '../../../shared/scores/plan';
export { releaseKey } from '../../../shared/versions';

/**
 * Scores someone asked for: one release, its datasets and its indicators. A page asks for one
 * request per release, or per part of a release that is agreed to separately.
 */
export type ScoreRequest = AnyScoreRequest & ReleaseRef;
