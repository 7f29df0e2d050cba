import {
  noop,
  type QueryClient,
  type QueryExecuteOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { createContext, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod/mini';
import type { ReleaseRef } from '../config/routes';
import type { ApiError } from '../lib/api-client';
import type { SearchDefinition } from '../lib/search-params';

declare module 'react-router' {
  // Loaders and middleware get a typed context (the query client, the page's release).
  interface Future {
    v8_middleware: true;
  }
}

/** The id the release route's data is found under, from the header or any page below it. */
export const RELEASE_ROUTE_ID = 'release';

/** The app's query client, which every loader warms. */
export const queryClientContext = createContext<QueryClient>();

/** The page's release, parsed and checked once by the release route's middleware. */
export const releaseContext = createContext<ReleaseRef>();

export type LoaderContext = LoaderFunctionArgs;

/** What a loader starts from: the query client it warms, and the page's release. */
interface LoaderInput {
  readonly queryClient: QueryClient;
  /**
   * The page's release, checked by the release route's middleware; read only by pages below it
   * (elsewhere it is not set, and reading it throws as `context.get` does).
   */
  readonly release: ReleaseRef;
}

/**
 * Every loader's opening lines in one: the query client, the release and, given the route's
 * search definition, its search read from the request the loader runs for.
 */
export function loaderInput(args: LoaderContext): LoaderInput;
export function loaderInput<S extends z.ZodMiniObject>(
  args: LoaderContext,
  definition: SearchDefinition<S>,
): LoaderInput & { readonly search: z.output<S> };
export function loaderInput<S extends z.ZodMiniObject>(
  { context, request }: LoaderContext,
  definition?: SearchDefinition<S>,
) {
  return {
    queryClient: context.get(queryClientContext),
    get release() {
      return context.get(releaseContext);
    },
    search: definition?.parse(new URL(request.url).searchParams),
  };
}

/**
 * A loader's query, awaited: the cached data, or the data once fetched, a failure reaching the
 * route's error boundary (`ensureQueryData`, which TanStack Query 5.10x spells `query` with
 * `staleTime: 'static'`).
 */
export function ensureQueryData<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TQueryFnData, ApiError, TData, TQueryFnData, TQueryKey>,
): Promise<TData> {
  return queryClient.query({ ...options, staleTime: 'static' });
}

/** A loader's query started and not waited for: the page shows at once and reads it when in. */
export function startQuery<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TQueryFnData, ApiError, TData, TQueryFnData, TQueryKey>,
): void {
  queryClient.query(options).catch(noop);
}
