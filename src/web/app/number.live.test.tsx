import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { liveProxy } from '../testing/live-proxy';
import { renderApp } from '../testing/render-app';

const live = liveProxy();

/** A dataset of 3.10 cutoff that no other live file opens. */
let id = 0;
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.10', system_model: 'cutoff', query: 'production', limit: 20 },
  });
  id =
    page.results.flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))[9] ?? 0;
  if (id === 0) throw new Error('the emulator has too few datasets');
});

describe('what became of the number', () => {
  it('follows an indicator 3.10 lacks from another catalogue, says so, and scores each release with its counterpart', async () => {
    // IPCC 2021's "climate change: total (excl. biogenic CO2)" (1024) is not in 3.10, whose
    // IPCC 2021 rates it as "climate change" (1111).
    await renderApp(`/3.10/cutoff/datasets/${id}/history?ind=1024`);
    const notes = await screen.findByRole('list', { name: 'Indicators not in 3.10' });
    await waitFor(() =>
      expect(notes).toHaveTextContent(
        /^1024 \(IPCC 2021 › climate change: total \(excl\. biogenic CO2\), of 3\.11\) is not in 3\.10: followed from 3\.11’s catalogue, it is scored here as 1111 \(IPCC 2021 › climate change; renamed \(category\)/,
      ),
    );
    expect(
      screen.getByText(/^For global warming potential \(GWP100\) \(IPCC 2021\)\.$/),
    ).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: /^Load scores/ }));
    const table = await screen.findByRole('table', { name: 'Scores across releases' });
    // Each release asked for its own indicator: 1111 in 3.10, 1024 in the later ones.
    const asked = live
      .scored()
      .map(
        (request) =>
          `${request.search.get('version') ?? ''}:${request.search.get('indicator_ids') ?? ''}`,
      );
    expect(asked).toContain('3.10:1111');
    expect(asked.filter((each) => each.endsWith(':1024')).length).toBeGreaterThan(0);
    const [, cells] = within(table).getAllByRole('row');
    const [later] = within(cells as HTMLElement).getAllByRole('cell');
    expect(later).toHaveTextContent('As 1024 (renamed (category))');
    expect(later).toHaveTextContent(/indicator changed|successor|same score/);
  });

  it('offers scores for the rows of What changed, a split against its share-weighted mix', async () => {
    // One split's rows, by its activity's name: a short table, as jsdom is slow on a long one.
    const changes = await callApi('changes', {
      query: { version: '3.12', system_model: 'cutoff', from: '3.11' },
    });
    if (changes.status !== 'ready') throw new Error('the changes are not read yet');
    const split = changes.rows.find((row) => row.change === 'split' && row.from?.activity);
    const words = encodeURIComponent(split?.from?.activity ?? '');
    await renderApp(`/3.12/cutoff/changes?from=3.11&change=split&q=${words}&ind=1024`);
    await userEvent.click(await screen.findByText(/^Compare scores for the \d+ rows? shown$/));
    const prompt = await screen.findByRole('region', { name: 'Scores of the rows shown' });
    expect(
      await within(prompt).findByText(/^\d+ splits? among the rows shown: all \d+ datasets/),
    ).toBeVisible();
    expect(live.scored()).toEqual([]);
    await userEvent.click(within(prompt).getByRole('button', { name: 'Load scores' }));
    const table = await screen.findByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
    await within(table).findAllByRole('columnheader', { name: /^Change in / });
    expect(
      (await within(table).findAllByText(/against the share-weighted mix$/)).length,
    ).toBeGreaterThan(0);
  });
});
