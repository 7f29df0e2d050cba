import { MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import { apiCall, type ApiCall } from '../../../shared/api/snippets';
import { planScoreCalls } from '../../../shared/scores';
import type { Release } from '../../config/routes';

/** A page's release as the API's query names it. */
export const releaseQuery = (release: Release) => ({
  version: release.version,
  system_model: release.systemModel,
});

/**
 * The batch calls behind a table of datasets × indicators, as the comparison sends them: one
 * page of at most 100 datasets each, scores split by 100 indicators; documentation only (free)
 * when no indicator is chosen.
 */
export function batchCalls(
  release: Release,
  datasetIds: readonly number[],
  indicatorIds: readonly number[],
): ApiCall[] {
  const unique = [...new Set(datasetIds)];
  const calls =
    indicatorIds.length > 0
      ? planScoreCalls([{ ...release, datasetIds: unique, indicatorIds }])
      : Array.from({ length: Math.ceil(unique.length / MAX_PAGE_LIMIT) }, (_, i) => ({
          datasetIds: unique.slice(i * MAX_PAGE_LIMIT, (i + 1) * MAX_PAGE_LIMIT),
          indicatorIds: [] as number[],
        }));
  return calls.map((call) =>
    apiCall('batch', {
      query: { ...releaseQuery(release), limit: call.datasetIds.length },
      body: { dataset_ids: call.datasetIds, indicator_ids: call.indicatorIds },
    }),
  );
}
