import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { callApi } from '../../../lib/api-client';
import { whileReading } from '../../../lib/query-client';

/**
 * What a comparison across releases reads besides its scores, all free: each row's indicator
 * in another release, the releases that hold a Dataset ID, and what became of IDs from one
 * release in another (the upgrade check's engine, the same verdicts as everywhere).
 */
export const compareQueries = {
  /** The page's indicators (read in `systemModel`) in release `to`; for good, releases do not change. */
  counterparts: (from: ReleaseRef, to: string) =>
    queryOptions({
      queryKey: ['indicators', 'counterparts', from.version, from.systemModel, to],
      queryFn: ({ signal }) =>
        callApi('indicatorCounterparts', {
          query: { version: from.version, system_model: from.systemModel, to },
          signal,
        }),
      staleTime: Infinity,
    }),
  /** The releases of the licence that hold a Dataset ID. */
  releasesOf: (id: number) =>
    queryOptions({
      queryKey: ['datasets', 'releases', id],
      queryFn: ({ signal }) => callApi('datasetReleases', { params: { id }, query: {}, signal }),
      staleTime: 5 * 60_000,
    }),
  /**
   * What became of some IDs of release `from` in `to` (free); asked again while the
   * proxy reads the two releases.
   */
  fates: (to: ReleaseRef, from: string, ids: readonly number[]) =>
    queryOptions({
      queryKey: ['compare', 'fates', to.version, to.systemModel, from, ids],
      queryFn: ({ signal }) =>
        callApi('upgradeCheck', {
          query: { version: to.version, system_model: to.systemModel, from },
          body: { entries: ids.map((id, i) => ({ line: i + 1, kind: 'id' as const, id })) },
          signal,
        }),
      staleTime: Infinity,
      refetchInterval: whileReading,
    }),
};
