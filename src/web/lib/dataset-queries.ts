import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

const release = (version: string, systemModel: string) => ({ version, system_model: systemModel });

/**
 * One dataset of one release, as every page asks for it (the dataset page, its history, the
 * indicator picker's way back): one cache entry per dataset, never refetched, since release data
 * never changes.
 */
export const oneDataset = {
  /** Its documentation (free). */
  detail: (version: string, systemModel: string, id: number) =>
    queryOptions({
      queryKey: ['datasets', 'detail', version, systemModel, id],
      queryFn: ({ signal }) =>
        callApi('dataset', { params: { id }, query: release(version, systemModel), signal }),
      staleTime: Infinity,
    }),
  /**
   * Its scores for some indicators: charged by the data service, so only ever fetched after the
   * user said yes, or when it costs nothing new. The query client asks for the usage again after.
   */
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
      meta: { charges: true },
    }),
};
