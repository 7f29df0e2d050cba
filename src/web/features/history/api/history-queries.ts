import { queryOptions } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';
import { whileReading } from '../../../lib/query-client';

/** Release data never changes, so none of these is ever refetched once ready. */
export const historyQueries = {
  /**
   * The dataset in every listed release of its system model, matched by the proxy (free);
   * asked again while the proxy reads releases it has not read yet.
   */
  matches: ({ version, systemModel }: ReleaseRef, id: number) =>
    queryOptions({
      queryKey: ['history', version, systemModel, id],
      queryFn: ({ signal }) =>
        callApi('history', {
          params: { id },
          query: releaseWire({ version, systemModel }),
          signal,
        }),
      staleTime: Infinity,
      refetchInterval: whileReading,
    }),
};
