import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { USAGE_QUERY_KEY } from '../../../lib/query-client';

export const usageQueries = {
  /** Refreshed by the query client whenever a scored answer arrives (lib/query-client.ts). */
  current: () =>
    queryOptions({
      queryKey: USAGE_QUERY_KEY,
      queryFn: ({ signal }) => callApi('usage', { signal }),
      staleTime: 10_000,
    }),
};
