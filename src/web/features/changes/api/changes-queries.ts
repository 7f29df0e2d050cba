import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';

export const changesQueries = {
  /**
   * What changed from `from` (by default the release before) to `release`: read once by the
   * proxy for everyone, asked again every second while it reads the two releases.
   */
  list: ({ version, systemModel }: ReleaseRef, from: string | undefined) =>
    queryOptions({
      queryKey: ['changes', version, systemModel, from ?? 'previous'],
      queryFn: ({ signal }) =>
        callApi('changes', { query: { ...releaseWire({ version, systemModel }), from }, signal }),
      staleTime: Infinity,
      refetchInterval: (query) => (query.state.data?.status === 'building' ? 1_000 : false),
    }),
};
