import { queryOptions } from '@tanstack/react-query';
import { VersionsResponseSchema } from '../../../../shared/versions';
import { apiRequest } from '../../../lib/api-client';

export const versionQueries = {
  all: () =>
    queryOptions({
      queryKey: ['versions'],
      queryFn: ({ signal }) => apiRequest('/api/versions', VersionsResponseSchema, { signal }),
      select: (data) => data.results,
    }),
};
