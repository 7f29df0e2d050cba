import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
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

/** Notes how many table body rows each commit left on the screen. */
function RowsPerCommit({ ui, counts }: { ui: ReactNode; counts: number[] }) {
  useLayoutEffect(() => {
    counts.push(document.querySelectorAll('tbody tr').length);
  });
  return ui;
}

/**
 * Renders UI as `renderWithProviders` does and returns, filled as React commits, the number of
 * table body rows on the screen after each commit: what a table drew in its first pass.
 */
export function renderCountingRows(ui: ReactNode): number[] {
  const counts: number[] = [];
  renderWithProviders(<RowsPerCommit ui={ui} counts={counts} />);
  return counts;
}
