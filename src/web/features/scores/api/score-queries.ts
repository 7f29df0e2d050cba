import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { ApiError, callApi, releaseWire } from '../../../lib/api-client';
import { canonical, planCalls, type ScoreCall } from '../planner';

/**
 * The two calls that carry scores, one cache entry per call whichever page asks: release data
 * never changes, so none is refetched. Scored ones are charged by the data service, so they are
 * only ever enabled after the user said yes, or when they cost nothing new; `meta.charges` has
 * the query client ask for the usage again after.
 */
export const scoreQueries = {
  /** `POST /api/datasets/batch`: up to 100 datasets, with the call's indicators' scores. */
  batch: ({ version, systemModel, datasetIds, indicatorIds }: ScoreCall) =>
    queryOptions({
      queryKey: ['datasets', 'batch', version, systemModel, datasetIds, indicatorIds],
      queryFn: async ({ signal }) => {
        try {
          return await callApi('batch', {
            query: { ...releaseWire({ version, systemModel }), limit: datasetIds.length },
            body: { dataset_ids: [...datasetIds], indicator_ids: [...indicatorIds] },
            signal,
          });
        } catch (error) {
          // The service answers 404 when none of the IDs is in the release: an answer ("not in
          // this release"), not a failure.
          if (error instanceof ApiError && error.status === 404) return { total: 0, datasets: [] };
          throw error;
        }
      },
      staleTime: Infinity,
      ...(indicatorIds.length > 0 ? { meta: { charges: true } } : {}),
    }),
  /** `GET /api/datasets/{id}` with some indicators: one dataset and its scores. */
  dataset: ({ version, systemModel }: ReleaseRef, id: number, indicatorIds: readonly number[]) => {
    const indicators = canonical(indicatorIds);
    return queryOptions({
      queryKey: ['datasets', 'scores', version, systemModel, id, indicators],
      queryFn: ({ signal }) =>
        callApi('dataset', {
          params: { id },
          query: { ...releaseWire({ version, systemModel }), indicator_ids: indicators },
          signal,
        }),
      staleTime: Infinity,
      meta: { charges: true },
    });
  },
  /** The datasets' documentation in batches, free: what Compare's loader warms. */
  documentation: (release: ReleaseRef, datasetIds: readonly number[]) =>
    planCalls({ ...release, datasetIds, indicatorIds: [] }).map(scoreQueries.batch),
};
