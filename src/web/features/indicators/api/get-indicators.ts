import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';

export const indicatorQueries = {
  list: ({ version, systemModel }: ReleaseRef) =>
    queryOptions({
      queryKey: ['indicators', 'list', version, systemModel],
      queryFn: ({ signal }) =>
        callApi('indicators', { query: releaseWire({ version, systemModel }), signal }),
      // A release never changes.
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
