import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const release = (version: string, systemModel: string) => ({ version, system_model: systemModel });

/** Release data never changes, so none of these is ever refetched once ready. */
export const historyQueries = {
  /**
   * The dataset in every listed release of its system model, matched by the proxy (free);
   * asked again every second while the proxy reads releases it has not read yet.
   */
  matches: (version: string, systemModel: string, id: number) =>
    queryOptions({
      queryKey: ['history', version, systemModel, id],
      queryFn: ({ signal }) =>
        callApi('history', { params: { id }, query: release(version, systemModel), signal }),
      staleTime: Infinity,
      refetchInterval: (query) => (query.state.data?.status === 'building' ? 1_000 : false),
    }),
  /** A release's documentation of a dataset (free); the same cache entry the dataset page uses. */
  document: (version: string, systemModel: string, id: number) =>
    queryOptions({
      queryKey: ['datasets', 'detail', version, systemModel, id],
      queryFn: ({ signal }) =>
        callApi('dataset', { params: { id }, query: release(version, systemModel), signal }),
      staleTime: Infinity,
    }),
  /** Charged by the data service, per release: only fetched after the bill is shown and agreed. */
  scores: (version: string, systemModel: string, id: number, indicatorIds: readonly number[]) =>
    queryOptions({
      queryKey: [
        'datasets',
        'scores',
        version,
        systemModel,
        id,
        [...indicatorIds].sort((a, b) => a - b),
      ],
      queryFn: ({ signal }) =>
        callApi('dataset', {
          params: { id },
          query: { ...release(version, systemModel), indicator_ids: [...indicatorIds] },
          signal,
        }),
      staleTime: Infinity,
      // The query client then asks for the usage again, so what is charged is known at once.
      meta: { charges: true },
    }),
};
