import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeBatches, planBatches, type BatchCall } from '../batch-planner';

export const compareQueries = {
  batch: (version: string, systemModel: string, call: BatchCall) =>
    queryOptions({
      queryKey: ['compare', 'batch', version, systemModel, call],
      queryFn: ({ signal }) =>
        callApi('batch', {
          query: { version, system_model: systemModel, limit: call.limit },
          body: { dataset_ids: call.dataset_ids, indicator_ids: call.indicator_ids },
          signal,
        }),
      staleTime: Infinity,
    }),
};

/**
 * The datasets' documentation (free, always) and, once `withScores`, their scores, fetched in as
 * few batch calls as the limits allow, with progress.
 */
export function useComparison(input: {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
  withScores: boolean;
}) {
  const docsCalls = planBatches(input.datasetIds, []);
  const scoreCalls =
    input.withScores && input.indicatorIds.length > 0
      ? planBatches(input.datasetIds, input.indicatorIds)
      : [];
  const docs = useQueries({
    queries: docsCalls.map((call) => compareQueries.batch(input.version, input.systemModel, call)),
  });
  const scores = useQueries({
    queries: scoreCalls.map((call) => compareQueries.batch(input.version, input.systemModel, call)),
  });
  const merged = mergeBatches(
    input.datasetIds,
    docs.concat(scores).flatMap((query) => (query.data ? [query.data] : [])),
  );
  const failed = docs.concat(scores).find((query) => query.isError);
  return {
    merged,
    docsPending: docs.some((query) => query.isPending),
    scoreCalls: scoreCalls.length,
    scoreCallsDone: scores.filter((query) => query.isSuccess).length,
    scoresReady: scoreCalls.length > 0 && scores.every((query) => query.isSuccess),
    error: failed?.error,
    retry: () => {
      for (const query of docs.concat(scores)) if (query.isError) void query.refetch();
    },
  };
}
