import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout';
import { RootRedirect } from './routes/root-redirect';

/** Route modules are loaded when first visited; the shell and the redirect come with the app. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <RootRedirect /> },
        { path: 'callback', element: <Navigate to="/" replace /> },
        {
          path: 'usage',
          lazy: async () => ({ Component: (await import('./routes/usage')).UsageRoute }),
        },
        {
          path: 'releases',
          lazy: async () => ({ Component: (await import('./routes/releases')).ReleasesRoute }),
        },
        {
          path: ':version/:systemModel',
          lazy: async () => ({
            Component: (await import('./routes/release-layout')).ReleaseLayout,
          }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('./routes/release-overview')).ReleaseOverviewRoute,
              }),
            },
            {
              path: 'indicators',
              lazy: async () => ({
                Component: (await import('./routes/indicators')).IndicatorsRoute,
              }),
            },
            {
              path: 'datasets',
              lazy: async () => ({ Component: (await import('./routes/datasets')).DatasetsRoute }),
            },
            {
              path: 'datasets/:id',
              lazy: async () => ({ Component: (await import('./routes/dataset')).DatasetRoute }),
            },
            {
              path: 'compare',
              lazy: async () => ({ Component: (await import('./routes/compare')).CompareRoute }),
            },
            {
              path: 'lookup/:key',
              lazy: async () => ({ Component: (await import('./routes/lookup')).LookupRoute }),
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
        },
      ],
    },
  ]);
}
