import { queryOptions } from '@tanstack/react-query';
import type { ActivityTypeFilter } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';
import { whileReading } from '../../../lib/query-client';

export interface DatasetSearch {
  version: string;
  systemModel: string;
  query: string;
  geography?: string | undefined;
  activityType?: ActivityTypeFilter | undefined;
  /** Answered by the proxy's sector index, which must be ready (see `sectors`). */
  sector?: string | undefined;
  isicSection?: string | undefined;
  page: number;
  size: number;
}

const text = (value: string | undefined) => (value === '' ? undefined : value);

/** Release data never changes, so none of these is ever refetched. */
export const datasetQueries = {
  search: (input: DatasetSearch) =>
    queryOptions({
      queryKey: ['datasets', 'search', input],
      queryFn: ({ signal }) =>
        callApi('search', {
          query: {
            ...releaseWire(input),
            query: text(input.query),
            geography: text(input.geography),
            activity_type: input.activityType,
            sector: text(input.sector),
            isic_section: text(input.isicSection),
            from: (input.page - 1) * input.size,
            limit: input.size,
          },
          signal,
        }),
      staleTime: Infinity,
    }),
  /** The release's sectors and ISIC sections; asked again while being indexed. */
  sectors: ({ version, systemModel }: ReleaseRef) =>
    queryOptions({
      queryKey: ['datasets', 'sectors', version, systemModel],
      queryFn: ({ signal }) =>
        callApi('sectors', { query: releaseWire({ version, systemModel }), signal }),
      staleTime: Infinity,
      refetchInterval: whileReading,
    }),
  /**
   * What a Dataset ID, Spold UUID or ecoSpold file name this release lacks became in it, and the
   * releases that have it (free); asked again while the proxy reads the releases
   * between. It follows the licence's list of releases, so it is not kept for good.
   */
  successors: ({ version, systemModel }: ReleaseRef, key: string) =>
    queryOptions({
      queryKey: ['datasets', 'successors', version, systemModel, key],
      queryFn: ({ signal }) =>
        callApi('datasetSuccessors', {
          query: { ...releaseWire({ version, systemModel }), key },
          signal,
        }),
      staleTime: 5 * 60_000,
      refetchInterval: whileReading,
    }),
  /**
   * One dataset's documentation (free), as every page asks for it (the dataset page, its history,
   * the indicator picker's way back): one cache entry per dataset.
   */
  detail: ({ version, systemModel }: ReleaseRef, id: number) =>
    queryOptions({
      queryKey: ['datasets', 'detail', version, systemModel, id],
      queryFn: ({ signal }) =>
        callApi('dataset', {
          params: { id },
          query: releaseWire({ version, systemModel }),
          signal,
        }),
      staleTime: Infinity,
    }),
  spold: (
    { version, systemModel }: ReleaseRef,
    uuids: { activity?: string; product?: string; geography?: string },
  ) =>
    queryOptions({
      queryKey: ['datasets', 'spold', version, systemModel, uuids],
      queryFn: ({ signal }) =>
        callApi('spold', {
          query: {
            ...releaseWire({ version, systemModel }),
            activity_spold_uuid: uuids.activity,
            product_spold_uuid: uuids.product,
            geography_spold_uuid: uuids.geography,
          },
          signal,
        }),
      staleTime: Infinity,
      retry: false,
    }),
};
