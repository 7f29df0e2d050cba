import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { liveProxy, type SentRequest } from '../testing/live-proxy';
import { renderApp } from '../testing/render-app';

const live = liveProxy();
/**
 * Datasets of 3.12 cutoff that no other live file opens (those take the first six of this
 * search), so what the ledger says of them is this file's doing.
 */
let ids: number[] = [];
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.12', system_model: 'cutoff', query: 'market', limit: 20 },
  });
  ids = page.results
    .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
    .slice(6, 8);
  if (ids.length < 2) throw new Error('the emulator has too few market datasets');
});

const body = (request: SentRequest) => request.body as { dataset_ids: number[] };

describe('the same scores, whichever page asks', () => {
  it('Compare shows the scores an upgrade check loaded, in any order, without asking again', async () => {
    const app = await renderApp(`/3.12/cutoff/upgrade?from=3.11&ids=${ids.join(',')}&ind=882`);
    const verdicts = await screen.findByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load scores' }));
    await within(verdicts).findAllByRole('columnheader', { name: /^Change in / });
    await waitFor(() =>
      expect(live.scored().map((request) => request.search.get('version'))).toEqual(
        expect.arrayContaining(['3.11', '3.12']),
      ),
    );
    const target = live.scored().find((request) => request.search.get('version') === '3.12');
    if (!target) throw new Error('the upgrade check loaded no score of 3.12');
    const scored = live.scored().length;

    // The same datasets and indicator, named in another order: one batch, one cache entry.
    const shown = [...body(target).dataset_ids].reverse();
    await app.router.navigate(`/3.12/cutoff/compare?ds=${shown.join(',')}&ind=882`);
    const table = await screen.findByRole('table', { name: 'Comparison' });
    await waitFor(() =>
      expect(within(table).getAllByLabelText(/exactly/)).toHaveLength(shown.length),
    );
    expect(live.scored()).toHaveLength(scored);
  });
});
