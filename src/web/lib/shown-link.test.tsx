import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { renderWithProviders } from '../testing/render';
import { defineSearch, enumParam, idListParam } from './search-params';
import { useShownLink } from './shown-link';

const search = defineSearch(
  z.object({ ind: idListParam(100), view: enumParam(['table', 'chart']) }),
);

function Page(props: { shown: { ind: number[] } | undefined; typing?: { view: 'chart' } }) {
  return <output>{useShownLink(search, props.shown, props.typing)}</output>;
}

describe('a link is what the page shows', () => {
  it('writes what the page took from elsewhere into the address, and its link holds it at once', async () => {
    const { router } = renderWithProviders(<Page shown={{ ind: [882, 964] }} />, {
      path: '/3.12/cutoff/datasets/8279?view=chart',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      `${window.location.origin}/3.12/cutoff/datasets/8279?ind=882,964&view=chart`,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?ind=882,964&view=chart'));
    // Replaced, not pushed: Back leaves the page rather than undoing what it wrote.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('writes nothing while the page does not know yet', () => {
    const { router } = renderWithProviders(<Page shown={undefined} />, {
      path: '/3.12/cutoff/datasets/8279?view=table',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      `${window.location.origin}/3.12/cutoff/datasets/8279?view=table`,
    );
    expect(router.state.location.search).toBe('?view=table');
  });

  it('holds words being typed, which their own box writes after a pause, and writes only what it was shown', async () => {
    const { router } = renderWithProviders(
      <Page shown={{ ind: [964] }} typing={{ view: 'chart' }} />,
      { path: '/3.12/cutoff/datasets/8279?view=table' },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      `${window.location.origin}/3.12/cutoff/datasets/8279?ind=964&view=chart`,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?ind=964'));
  });
});
