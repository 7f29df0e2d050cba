import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';

/**
 * Each indicator of one release in another of its system model (free, from the two catalogues):
 * what the history, the upgrade check, What changed and the catalogue follow an indicator by.
 * Releases never change, so an answer is kept for good, as the catalogues are.
 */
export const counterpartQueries = {
  between: ({ version, systemModel }: ReleaseRef, to: string) =>
    queryOptions({
      queryKey: ['indicators', 'counterparts', version, systemModel, to],
      queryFn: ({ signal }) =>
        callApi('indicatorCounterparts', {
          query: { ...releaseWire({ version, systemModel }), to },
          signal,
        }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
