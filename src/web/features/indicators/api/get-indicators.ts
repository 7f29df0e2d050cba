import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const indicatorQueries = {
  list: (version: string, systemModel: string) =>
    queryOptions({
      queryKey: ['indicators', 'list', version, systemModel],
      queryFn: ({ signal }) =>
        callApi('indicators', { query: { version, system_model: systemModel }, signal }),
      // A release never changes.
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
