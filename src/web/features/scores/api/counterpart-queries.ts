import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * Each indicator of one release in another of its system model (free, from the two catalogues):
 * what the history, the upgrade check, What changed and the catalogue follow an indicator by.
 * Releases never change, so an answer is kept for good, as the catalogues are.
 */
export const counterpartQueries = {
  between: (version: string, systemModel: string, to: string) =>
    queryOptions({
      queryKey: ['indicators', 'counterparts', version, systemModel, to],
      queryFn: ({ signal }) =>
        callApi('indicatorCounterparts', {
          query: { version, system_model: systemModel, to },
          signal,
        }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
