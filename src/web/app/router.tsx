import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterContextProvider, type RouteObject } from 'react-router';
import { PageSkeleton } from '../components/feedback/page-skeleton';
import { RouteError } from '../components/feedback/route-error';
import { patterns } from '../config/routes';
import { AppLayout } from './layout';
import { queryClientContext, RELEASE_ROUTE_ID } from './route-context';
import * as releaseRoute from './routes/release-layout';
import * as rootRedirect from './routes/root-redirect';

/**
 * While the first page's module and data load, the shell is already there and the page's place
 * holds a skeleton: the fallback sits on each route below the shell, not on the shell itself.
 */
const firstLoad = { HydrateFallback: PageSkeleton };

/**
 * The route table. Each page is a module loaded when first visited, with its loader (which
 * starts its queries), its page and its error boundary; the shell, the release check and the
 * redirect from `/` come with the app.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...firstLoad, loader: rootRedirect.loader, Component: rootRedirect.Component },
      { path: patterns.callback, ...firstLoad, loader: rootRedirect.loader },
      { path: patterns.usage, ...firstLoad, lazy: () => import('./routes/usage') },
      { path: patterns.apiAccess, ...firstLoad, lazy: () => import('./routes/api-access') },
      { path: patterns.releases, ...firstLoad, lazy: () => import('./routes/releases') },
      {
        ...firstLoad,
        id: RELEASE_ROUTE_ID,
        path: patterns.release,
        middleware: [releaseRoute.releaseMiddleware],
        loader: releaseRoute.loader,
        Component: releaseRoute.Component,
        ErrorBoundary: releaseRoute.ErrorBoundary,
        children: [
          { index: true, lazy: () => import('./routes/release-overview') },
          { path: patterns.indicators, lazy: () => import('./routes/indicators') },
          { path: patterns.datasets, lazy: () => import('./routes/datasets') },
          { path: patterns.dataset, lazy: () => import('./routes/dataset') },
          { path: patterns.history, lazy: () => import('./routes/dataset-history') },
          { path: patterns.compare, lazy: () => import('./routes/compare') },
          { path: patterns.lookup, lazy: () => import('./routes/lookup') },
          { path: patterns.changes, lazy: () => import('./routes/changes') },
          { path: patterns.upgrade, lazy: () => import('./routes/upgrade') },
        ],
      },
      { path: '*', ...firstLoad, lazy: () => import('./routes/not-found') },
    ],
  },
];

/** What every loader and middleware gets: the query client they warm. */
export function routerContext(queryClient: QueryClient) {
  return () => {
    const context = new RouterContextProvider();
    context.set(queryClientContext, queryClient);
    return context;
  };
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes, { getContext: routerContext(queryClient) });
}
