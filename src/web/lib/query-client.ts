import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    queryMeta: { charges?: boolean };
  }
}

/** The key of this period's usage (features/usage), refreshed after anything was charged. */
export const USAGE_QUERY_KEY = ['usage'] as const;

/** Retries only what may succeed on a second try: network faults and 5xx, never 4xx. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: { retry?: boolean } = {}) {
  const client: QueryClient = new QueryClient({
    // A scored answer (meta.charges) may have charged something: what the pages say is already
    // paid for must include it before they decide what loads without asking.
    queryCache: new QueryCache({
      onSettled: (_data, _error, query) => {
        if (query.meta?.charges) void client.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
      },
    },
  });
  return client;
}
