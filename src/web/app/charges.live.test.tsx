import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { renderApp } from '../testing/render-app';
import { liveProxy, type SentRequest } from '../testing/live-proxy';

const live = liveProxy();
const release = { version: '3.12', system_model: 'cutoff' };
let ids: number[] = [];
let ozone: number[] = [];

beforeAll(async () => {
  const page = await callApi('search', { query: { ...release, query: 'production', limit: 30 } });
  ids = page.results.flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)));
  const { indicators } = await callApi('indicators', { query: release });
  ozone = indicators
    .filter((i) => /ozone/.test(i.category) && !/no LT/.test(i.method))
    .map((i) => i.id);
});

/** The datasets and indicators a scored request asked for. */
function asked(request: SentRequest) {
  const body = request.body as { dataset_ids?: number[]; indicator_ids?: number[] } | undefined;
  return {
    datasets: body?.dataset_ids ?? [Number(request.path.split('/').at(-1))],
    indicators:
      body?.indicator_ids ?? (request.search.get('indicator_ids') ?? '').split(',').map(Number),
  };
}

const charged = async () => (await callApi('usage')).charged;

describe('scores are never charged without asking', () => {
  it('on Compare, each change that adds something unpaid asks again', async () => {
    const [a, b, c] = ids.slice(10, 13);
    const first = ozone[0];
    if (a === undefined || b === undefined || c === undefined || first === undefined)
      throw new Error('the emulator has too few datasets or ozone indicators');
    const user = userEvent.setup();
    await renderApp(`/3.12/cutoff/compare?ds=${a},${b}&ind=${first}`);
    expect(await screen.findByText('Scores for 2 datasets × 1 indicator')).toBeVisible();
    expect(live.scored()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Load scores' }));
    const table = await screen.findByRole('table', { name: 'Comparison' });
    await waitFor(() => expect(within(table).getAllByLabelText(/exactly/)).toHaveLength(2));

    // A dataset added by ID: what is charged stays, the rest waits for a yes.
    await user.type(screen.getByRole('textbox', { name: 'Add dataset by ID' }), String(c));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Scores for 3 datasets × 1 indicator')).toBeVisible();
    expect(
      screen.getByText(/Loading them adds 1 new dataset to this period’s licence bill/),
    ).toBeVisible();
    expect(live.scored().flatMap((request) => asked(request).datasets)).not.toContain(c);
    expect((await charged()).datasets).not.toContain(c);

    // Across methods: a theme's indicators, none of them loaded until asked for.
    await user.click(screen.getByText('Across methods'));
    await user.click(await screen.findByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'ozone depletion' }));
    expect(await screen.findByText(/new indicators? to this period’s licence bill/)).toBeVisible();
    const others = ozone.filter((id) => id !== first);
    expect(live.scored().flatMap((request) => asked(request).indicators)).not.toEqual(
      expect.arrayContaining([others[0]]),
    );
    expect((await charged()).indicators).not.toContain(others[0]);

    await user.click(screen.getByRole('button', { name: 'Load scores' }));
    await waitFor(async () => expect((await charged()).datasets).toContain(c));
  });

  it('on a dataset page, a yes for one dataset is not a yes for the next', async () => {
    const [a, b] = ids.slice(20, 22);
    const user = userEvent.setup();
    const app = await renderApp(
      `/3.12/cutoff/datasets/${String(a)}?ind=${ozone.slice(0, 2).join(',')}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Load scores' }));
    expect(await screen.findByRole('table', { name: 'Impact scores' })).toBeVisible();
    const before = live.scored().length;

    await app.router.navigate(
      `/3.12/cutoff/datasets/${String(b)}?ind=${ozone.slice(0, 2).join(',')}`,
    );
    expect(await screen.findByText(/Loading them adds 1 new dataset/)).toBeVisible();
    expect(live.scored()).toHaveLength(before);
  });
});
