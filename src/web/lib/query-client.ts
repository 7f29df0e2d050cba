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

/** The data service asked for fewer requests (429 or 503 with Retry-After, passed on). */
export const isServiceBusy = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'upstream_busy';

/**
 * The explorer's own server has its hands full with other large answers (429 local_work_busy,
 * with Retry-After): asked again after the wait, like a busy data service.
 */
const isServerBusy = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'local_work_busy';

/**
 * How soon an answer the proxy is still reading releases for is asked for again after its 202.
 * The proxy holds each such request up to a second for the reading to end
 * (`src/proxy/routes/handlers/types.ts`, `READING_HOLD_MS`) and answers the moment it does, so
 * asking again soon after is about one request a second, and an answer quick to make is not left
 * waiting for the next poll (half a second on average when the explorer waited a second between
 * them).
 */
export const READ_AGAIN_MS = 250;

/** `refetchInterval` of a query whose answer may be a 202 with `status: 'building'`. */
export const whileReading = (query: { state: { data?: unknown } }): number | false =>
  (query.state.data as { status?: unknown } | undefined)?.status === 'building'
    ? READ_AGAIN_MS
    : false;

/** Answers the proxy refused to pass on as they were: asked again, they would say the same. */
const UNTRUSTED = new Set(['upstream_shape', 'upstream_paging']);

/** Times a busy data service is asked again, each after the wait it asked for (at most 30 s). */
const BUSY_RETRIES = 5;
const MAX_BUSY_WAIT_MS = 30_000;

/**
 * Retries only what may succeed on a second try: network faults and 5xx, never 4xx, never an
 * answer the proxy could not trust; a busy service more often, after the wait it asked for.
 */
function shouldRetry(failureCount: number, error: unknown) {
  if (isServiceBusy(error) || isServerBusy(error)) return failureCount < BUSY_RETRIES;
  if (error instanceof ApiError && UNTRUSTED.has(error.code)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function retryDelay(failureCount: number, error: unknown) {
  const asked =
    isServiceBusy(error) || isServerBusy(error) ? error.extra.retryAfterSeconds : undefined;
  if (asked !== undefined) return Math.min(MAX_BUSY_WAIT_MS, asked * 1000);
  return Math.min(1000 * 2 ** failureCount, MAX_BUSY_WAIT_MS);
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
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
      },
    },
  });
  return client;
}
