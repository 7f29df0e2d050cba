import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiError } from './api-client';

/**
 * A page's main data, which its loader started: undefined until it is in (the page shows its
 * skeleton), and a failure thrown to the route's error boundary, so no page writes its own
 * loading and error branches. Not a suspending query: React holds a revealed Suspense boundary
 * back for up to 300 ms, which the catalogue paid on every load.
 */
export function usePageData<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, ApiError, TData, TKey>,
): TData | undefined {
  const query = useQuery(options);
  // Asked again after a failure (a retry, a remount): the skeleton, until the answer is in.
  if (query.isError && !query.isFetching) throw query.error;
  return query.data;
}
