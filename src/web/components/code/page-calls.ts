import { apiCall, type ApiCall } from '../../../shared/api/calls';
import { planCalls } from '../../../shared/scores/plan';
import type { ReleaseRef } from '../../config/routes';
import { releaseWire } from '../../lib/api-client';

/**
 * The batch calls behind a table of datasets × indicators, as the comparison sends them: one
 * page of at most 100 datasets each, scores split by 100 indicators; documentation only (free)
 * when no indicator is chosen.
 */
export function batchCalls(
  release: ReleaseRef,
  datasetIds: readonly number[],
  indicatorIds: readonly number[],
): ApiCall[] {
  const calls = planCalls({ ...release, datasetIds, indicatorIds });
  return calls.map((call) =>
    apiCall('batch', {
      query: { ...releaseWire(release), limit: call.datasetIds.length },
      body: { dataset_ids: [...call.datasetIds], indicator_ids: [...call.indicatorIds] },
    }),
  );
}
