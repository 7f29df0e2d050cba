import { queryOptions } from '@tanstack/react-query';
import { IndicatorsResponseSchema } from '../../../../shared/upstream';
import { apiRequest } from '../../../lib/api-client';

export const indicatorQueries = {
  list: (version: string, systemModel: string) =>
    queryOptions({
      queryKey: ['indicators', 'list', version, systemModel],
      queryFn: ({ signal }) =>
        apiRequest(
          `/api/indicators?${new URLSearchParams({ version, system_model: systemModel }).toString()}`,
          IndicatorsResponseSchema,
          { signal },
        ),
      // A release never changes.
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
