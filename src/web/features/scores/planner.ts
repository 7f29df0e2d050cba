import { MAX_INDICATORS_PER_CALL, MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import type { Release } from '../../config/routes';

/**
 * Scores someone asked for: one release, its datasets and its indicators. A page asks for one
 * request per release, or per part of a release that is agreed to separately.
 */
export interface ScoreRequest extends Release {
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

/**
 * One call to the data service: at most 100 datasets of one release (a page of
 * `POST /api/datasets/batch`, or the one dataset of `GET /api/datasets/{id}`) and at most 100
 * indicators, each list sorted and without repeats, so the same scores asked by any page, in
 * any order, are one call and one cache entry. No indicators: the documentation only (free).
 */
export interface ScoreCall extends Release {
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

/** Whether a request asks for any score (and so may be charged). */
export const asksForScores = (request: ScoreRequest) =>
  request.datasetIds.length > 0 && request.indicatorIds.length > 0;

/** `3.12/cutoff`: the data service charges each release and system model separately. */
export const releaseKey = (release: Release) => `${release.version}/${release.systemModel}`;

/** IDs sorted and without repeats: the one spelling of a set, in calls and cache keys. */
export const canonical = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

function chunk<T>(list: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  );
}

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
