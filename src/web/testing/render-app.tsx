import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes, routerContext } from '../app/router';
import { theme } from '../config/theme';
import { configQueries } from '../features/auth/api/get-config';
import { callApi } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

/**
 * The explorer's own route table at `path`, in memory, with its loaders and pages, talking to
 * whatever `fetch` reaches (the live proxy, see live-proxy.ts). Signing in is the test's: the
 * proxy's settings are read as the app reads them, with its sign-in turned off.
 */
export async function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const config = await callApi('config');
  queryClient.setQueryData(configQueries.public().queryKey, { ...config, auth: { mode: 'none' } });
  const router = createMemoryRouter(appRoutes(), {
    initialEntries: [path],
    getContext: routerContext(queryClient),
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, router, queryClient, location };
}
