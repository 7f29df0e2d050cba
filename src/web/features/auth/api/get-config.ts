import { queryOptions } from '@tanstack/react-query';
import { PublicConfigSchema } from '../../../../shared/config';
import { apiRequest } from '../../../lib/api-client';

export const configQueries = {
  public: () =>
    queryOptions({
      queryKey: ['config'],
      queryFn: ({ signal }) => apiRequest('/api/config', PublicConfigSchema, { signal }),
      staleTime: Infinity,
    }),
};
