import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../config/theme';
import { createQueryClient } from '../lib/query-client';

/** Renders UI inside the app's providers, at `path` in an in-memory router. */
export function renderWithProviders(
  ui: ReactNode,
  options: { path?: string; route?: string } = {},
) {
  const router = createMemoryRouter([{ path: options.route ?? '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const queryClient = createQueryClient({ retry: false });
  const result = rtlRender(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
