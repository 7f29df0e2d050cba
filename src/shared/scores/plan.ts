import { MAX_INDICATORS_PER_CALL, MAX_PAGE_LIMIT } from '../api/routes';
import type { ReleaseRef } from '../versions';

/**
 * Scores cost money, whoever asks: the planner splits a request into the calls the proxy takes,
 * the same for the explorer's pages and the command line (the bill is in bill.ts).
 */

/** Scores asked of one release: its datasets and indicators. */
export interface ScoreRequest extends ReleaseRef {
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
export interface ScoreCall extends ReleaseRef {
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

/** Whether a request asks for any score (and so may be charged). */
export const asksForScores = (request: ScoreRequest) =>
  request.datasetIds.length > 0 && request.indicatorIds.length > 0;
