import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { liveProxy } from '../testing/live-proxy';

liveProxy();

describe('API access', () => {
  it('shows what costs, the limits and the API itself, from the proxy’s own description', async () => {
    await renderApp('/api-access');
    expect(await screen.findByRole('heading', { name: 'API access', level: 1 })).toBeVisible();
    expect(screen.getByText(/Sign-in is turned off on this explorer/)).toBeVisible();
    // Sign-in is off in these tests (renderApp): the commands are tested in terminal-sign-in.test.
    expect(screen.getByText(/A call costs only when it carries/)).toBeVisible();

    const limits = screen.getByRole('table', { name: 'Limits' });
    // The proxy's settings as /api/config publishes them (web-stack.ts starts it with defaults).
    expect(within(limits).getByRole('row', { name: /Requests a minute/ })).toHaveTextContent('600');
    expect(within(limits).getByRole('row', { name: /Indicators per call/ })).toHaveTextContent(
      '100',
    );

    // Every route of the OpenAPI document, with its parameters.
    const batch = await screen.findByRole('button', { name: /POST\s*\/api\/datasets\/batch/ });
    await userEvent.click(
      await screen.findByRole('button', { name: /GET\s*\/api\/datasets\/\{id\}\s/ }),
    );
    const parameters = await screen.findByRole('table', {
      name: 'Parameters of GET /api/datasets/{id}',
    });
    expect(within(parameters).getByText('indicator_ids')).toBeVisible();
    expect(batch).toBeVisible();
  });
});
