import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  RouterContextProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { PageSkeleton } from '../components/feedback/page-skeleton';
import { RouteError } from '../components/feedback/route-error';
import { pageModuleOf } from '../config/route-patterns';
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

/** What a page's module gives the router. */
interface PageModule {
  Component: ComponentType;
  ErrorBoundary: ComponentType;
}

/**
 * A page whose first call has the proxy read whole releases (What changed, a history): its
 * loader is a module of its own, loaded beside the page's and run the moment it is in, so the
 * reading starts before the page's code is evaluated, not after (issue 34: the first What
 * changed's request went out 0.45 s after the release check on the laptop profile, now 0.11 s).
 * Other pages keep one module: their first answer is one quick call (0.13 s for the dataset
 * search on that profile), not seconds of reading.
 */
function readingPage(
  page: () => Promise<PageModule>,
  loader: () => Promise<{ loader: LoaderFunction }>,
) {
  // The page's module is asked for once the loader's is in: asked for together, the page's
  // many chunks were evaluated first and the loader ran no sooner than before.
  const pageAfter = async () => {
    await loader();
    return page();
  };
  return {
    loader: async () => (await loader()).loader,
    Component: async () => (await pageAfter()).Component,
    ErrorBoundary: async () => (await pageAfter()).ErrorBoundary,
  };
}

/** The loaders that are modules of their own (`readingPage`), by their page's module. */
const loaders = {
  changes: () => import('./routes/changes/loader'),
  'dataset-history': () => import('./routes/dataset-history/loader'),
};

/**
 * The loader module of the page a path shows, once it is in, if it is a module of its own:
 * mount.tsx draws the shell after it, so the proxy starts reading the releases before the
 * shell's first render takes the main thread (0.3 s on the laptop profile).
 */
export function ownLoaderOf(pathname: string): Promise<unknown> | undefined {
  const module = pageModuleOf(pathname);
  return module !== undefined && Object.hasOwn(loaders, module)
    ? loaders[module as keyof typeof loaders]()
    : undefined;
}

/**
 * The route table. Each page is a module loaded when first visited, with its loader (which
 * starts its queries), its page and its error boundary; the shell, the release check and the
 * redirect from `/` come with the app. Made anew for each router: a router marks the parts of
 * a page it has loaded in the route's own `lazy` object, which another router must not share.
 */
export const appRoutes = (): RouteObject[] => [
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
          {
            path: patterns.history,
            lazy: readingPage(() => import('./routes/dataset-history'), loaders['dataset-history']),
          },
          { path: patterns.compare, lazy: () => import('./routes/compare') },
          { path: patterns.lookup, lazy: () => import('./routes/lookup') },
          {
            path: patterns.changes,
            lazy: readingPage(() => import('./routes/changes'), loaders.changes),
          },
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
  return createBrowserRouter(appRoutes(), { getContext: routerContext(queryClient) });
}
