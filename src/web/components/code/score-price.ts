import { queryOptions } from '@tanstack/react-query';
import type { ScoreRequest } from '../../../shared/scores/plan';
import { priceBody } from '../../../shared/api/price';
import { callApi } from '../../lib/api-client';

/**
 * `POST /api/scores/price`: what some scores would add to this period's bill for the user, as
 * the proxy's ledger has it now (free). Asked each time it is wanted, never kept: a bill is
 * only true at the moment it is read.
 */
export const scorePriceQueries = {
  of: (requests: readonly ScoreRequest[]) =>
    queryOptions({
      queryKey: ['scores', 'price', requests],
      queryFn: ({ signal }) => callApi('scorePrice', { body: priceBody(requests), signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};
