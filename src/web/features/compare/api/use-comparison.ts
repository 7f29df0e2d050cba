import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { alreadyCharged, type ChargedSoFar } from '../../../lib/charges';
import { mergeBatches, planBatches, type BatchCall } from '../batch-planner';

export const compareQueries = {
  batch: (version: string, systemModel: string, call: BatchCall) =>
    queryOptions({
      queryKey: ['compare', 'batch', version, systemModel, call],
      queryFn: async ({ signal }) => {
        try {
          return await callApi('batch', {
            query: { version, system_model: systemModel, limit: call.limit },
            body: { dataset_ids: call.dataset_ids, indicator_ids: call.indicator_ids },
            signal,
          });
        } catch (error) {
          // The service answers 404 when none of the IDs is in the release: an answer, which the
          // page shows as "not in this release", not a failure.
          if (error instanceof ApiError && error.status === 404) return { total: 0, datasets: [] };
          throw error;
        }
      },
      staleTime: Infinity,
      ...(call.indicator_ids.length > 0 ? { meta: { charges: true } } : {}),
    }),
  /** The datasets' documentation, free: what the compare page's loader warms. */
  documentation: (version: string, systemModel: string, datasetIds: readonly number[]) =>
    planBatches(datasetIds, []).map((call) => compareQueries.batch(version, systemModel, call)),
};

/**
 * The datasets' documentation (free, always) and their scores, in as few batch calls as the
 * limits allow, with progress. Without `allowed` only the part already charged this period is
 * fetched (its datasets × its indicators, which bills nothing new); with it, everything.
 */
export function useComparison(input: {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
  charged: ChargedSoFar | undefined;
  allowed: boolean;
}) {
  const { version, systemModel, datasetIds, indicatorIds } = input;
  const paid = alreadyCharged(input.charged, datasetIds, indicatorIds);
  const scoreCalls =
    indicatorIds.length === 0 || datasetIds.length === 0
      ? []
      : input.allowed
        ? planBatches(datasetIds, indicatorIds)
        : paid.datasetIds.length > 0 && paid.indicatorIds.length > 0
          ? planBatches(paid.datasetIds, paid.indicatorIds)
          : [];
  const docs = useQueries({
    queries: compareQueries.documentation(version, systemModel, datasetIds),
  });
  const scores = useQueries({
    queries: scoreCalls.map((call) => compareQueries.batch(version, systemModel, call)),
  });
  const merged = mergeBatches(
    datasetIds,
    docs.concat(scores).flatMap((query) => (query.data ? [query.data] : [])),
  );
  // What was asked for and answered: a missing score there is the service's, not ours to load.
  const asked = new Set<string>();
  scoreCalls.forEach((call, index) => {
    if (!scores[index]?.isSuccess) return;
    for (const ds of call.dataset_ids)
      for (const ind of call.indicator_ids) asked.add(`${ds}|${ind}`);
  });
  const failed = docs.concat(scores).find((query) => query.isError);
  return {
    merged,
    loaded: (datasetId: number, indicatorId: number) => asked.has(`${datasetId}|${indicatorId}`),
    docsPending: docs.some((query) => query.isPending),
    scoreCalls: scoreCalls.length,
    scoreCallsDone: scores.filter((query) => query.isSuccess).length,
    scoresReady: scoreCalls.length > 0 && scores.every((query) => query.isSuccess),
    /** Every score asked for is in: the whole table when allowed. */
    complete: input.allowed && scores.every((query) => query.isSuccess),
    error: failed?.error,
    retry: () => {
      for (const query of docs.concat(scores)) if (query.isError) void query.refetch();
    },
  };
}
