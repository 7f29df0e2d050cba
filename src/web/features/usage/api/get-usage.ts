import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const usageQueries = {
  current: () =>
    queryOptions({
      queryKey: ['usage'],
      queryFn: ({ signal }) => callApi('usage', { signal }),
      staleTime: 10_000,
    }),
};
