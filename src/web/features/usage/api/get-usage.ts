import { queryOptions } from '@tanstack/react-query';
import { UsageSchema } from '../../../../shared/proxy-api';
import { apiRequest } from '../../../lib/api-client';

export const usageQueries = {
  current: () =>
    queryOptions({
      queryKey: ['usage'],
      queryFn: ({ signal }) => apiRequest('/api/usage', UsageSchema, { signal }),
      staleTime: 10_000,
    }),
};
