import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharePercent } from '../../shared/matching/words';
import { callApi } from '../lib/api-client';
import { liveProxy } from '../testing/live-proxy';
import { renderApp } from '../testing/render-app';

const live = liveProxy();

/** One way of a dataset from 3.10 to 3.12 cutoff, as the emulator's generator recorded it. */
interface TruthRow {
  from_id: number | null;
  to_id: number | null;
  kind: string;
  share: number | null;
}

/**
 * Datasets nobody else's live file opens: transport ones (the other files search "market",
 * "heat" and the first "transport" two), so what is charged here is this file's doing.
 */
let fresh: number[] = [];
/** A 3.10 dataset split into several of 3.12 under new IDs, as the generator recorded it. */
let split: { id: number; ways: TruthRow[] };
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.12', system_model: 'cutoff', query: 'transport', limit: 20 },
  });
  const charged = new Set((await callApi('usage')).charged.datasets);
  fresh = page.results
    .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
    .slice(4)
    .filter((id) => !charged.has(id));
  if (fresh.length < 2) throw new Error('the release has too few transport datasets');
  const truth = (
    (await (
      await fetch(
        `${live.stack.emulatorOrigin}/_emulator/changes?from=3.10&to=3.12&system_model=cutoff`,
      )
    ).json()) as { rows: TruthRow[] }
  ).rows;
  const byId = new Map<number, TruthRow[]>();
  for (const row of truth)
    if (row.kind === 'split' && row.from_id !== null)
      byId.set(row.from_id, [...(byId.get(row.from_id) ?? []), row]);
  const found = [...byId].find(
    ([id, ways]) => ways.length >= 2 && ways.every((way) => way.to_id !== id),
  );
  if (!found) throw new Error('the emulator recorded no split under new IDs');
  split = { id: found[0], ways: found[1] };
});

const scoredBatches = () =>
  live
    .scored()
    .map((request) => `${request.search.get('version')}/${request.search.get('system_model')}`);

// Each page reads two releases' catalogues and follows one into the other before its bill: on a
// machine shared with other test runs that took over 20 s.
describe('Compare across system models and releases', { timeout: 45_000 }, () => {
  it('puts one dataset under cut-off and APOS side by side, asking each release’s bill first', async () => {
    const [id] = fresh;
    const app = await renderApp(`/3.12/cutoff/compare?ds=${id},${id}@3.12/apos&ind=964`);
    // The bill waits for APOS's indicators to be followed (two catalogues read, free).
    const bill = await screen.findByRole(
      'list',
      { name: 'Scores asked for, by release' },
      { timeout: 15_000 },
    );
    expect(
      within(bill)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3.12 · cutoff: 1 dataset, new this period',
      '3.12 · apos: 1 dataset, new this period',
    ]);
    expect(live.scored()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Load scores' }));
    const table = await screen.findByRole('table', { name: 'Comparison' });
    await waitFor(() => expect(within(table).getAllByLabelText(/exactly/)).toHaveLength(2));
    expect(scoredBatches().sort()).toEqual(['3.12/apos', '3.12/cutoff']);
    const headers = within(table).getAllByRole('columnheader').slice(2);
    expect(headers[0]).toHaveTextContent('3.12 · cutoff');
    expect(headers[1]).toHaveTextContent('3.12 · apos');
    // Each column's score is its own system model's, as the proxy answers it (paid for now).
    for (const [at, systemModel] of ['cutoff', 'apos'].entries()) {
      const answer = await callApi('batch', {
        query: { version: '3.12', system_model: systemModel, limit: 1 },
        body: { dataset_ids: [id ?? 0], indicator_ids: [964] },
      });
      const exact = answer.datasets[0]?.impact_scores[0]?.score;
      expect(within(table).getAllByLabelText(/exactly/)[at]).toHaveAccessibleName(
        expect.stringContaining(`exactly ${String(exact)}`) as string,
      );
    }
    // The link names each column's release, and opens exactly this table.
    expect(app.location()).toBe(`/3.12/cutoff/compare?ds=${id},${id}@3.12/apos&ind=964`);
  });

  it('offers the successors of an ID the release lacks, with their shares, and replaces it only when told', async () => {
    const other = fresh[1] ?? 0;
    const app = await renderApp(`/3.12/cutoff/compare?ds=${split.id},${other}&ind=964`);
    const alert = (await screen.findByText(`Dataset ${split.id} is not in 3.12 · cutoff`)).closest(
      '[role="alert"]',
    );
    if (!(alert instanceof HTMLElement)) throw new Error('no alert for the missing ID');
    const list = await within(alert).findByRole(
      'list',
      { name: `What ${split.id} became in 3.12 · cutoff` },
      { timeout: 15_000 },
    );
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    const expected = split.ways.map(
      (way) => `${String(way.to_id)} · — ${sharePercent(way.share ?? 0)} %`,
    );
    expect(items.map((item) => item.replace(/ · .*? —/, ' · —'))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(items).toHaveLength(split.ways.length);
    expect(within(alert).getByText(/ecoinvent change report 3\.\d+ → 3\.\d+/)).toBeVisible();
    // Never silently: the link still names the old ID, and nothing was charged.
    expect(app.location()).toBe(`/3.12/cutoff/compare?ds=${split.id},${other}&ind=964`);
    expect(live.scored()).toEqual([]);
    // The bill counts the dataset that is in the release only: the old ID cannot be charged here.
    expect(await screen.findByText('Scores for 1 dataset × 1 indicator')).toBeVisible();
    expect(screen.getByText(/^Loading them adds 1 new dataset/)).toBeVisible();

    await userEvent.click(
      within(alert).getByRole('button', {
        name: `Replace ${split.id} by its ${split.ways.length} successors`,
      }),
    );
    await waitFor(() => {
      const ds = new URLSearchParams(app.location().split('?')[1]).get('ds') ?? '';
      expect(ds.split(',').map(Number)).toEqual([...split.ways.map((way) => way.to_id), other]);
    });
  });

  it('follows a column of an older release: its successors beside it, the indicators’ counterparts said', async () => {
    const catalogue = await callApi('indicators', {
      query: { version: '3.12', system_model: 'cutoff' },
    });
    const total = catalogue.indicators.find(
      (i) =>
        i.method === 'IPCC 2021' &&
        i.category === 'climate change: total (excl. biogenic CO2)' &&
        i.indicator === 'global warming potential (GWP100)',
    );
    if (!total) throw new Error('3.12 has no IPCC 2021 total');
    const app = await renderApp(`/3.12/cutoff/compare?ds=${split.id}@3.10/cutoff&ind=${total.id}`);
    const followed = await screen.findByRole(
      'list',
      { name: 'Indicators followed into other releases' },
      { timeout: 15_000 },
    );
    expect(followed).toHaveTextContent(
      /In 3\.10 · cutoff this is IPCC 2021 › climate change › global warming potential \(GWP100\) \(\d+\): renamed \(category differs\)/,
    );
    const add = await screen.findByRole(
      'button',
      { name: `Add its ${split.ways.length} successors in 3.12 · cutoff beside it` },
      { timeout: 15_000 },
    );
    await userEvent.click(add);
    await waitFor(() =>
      expect(new URLSearchParams(app.location().split('?')[1]).get('ds')?.split(',')[0]).toBe(
        `${split.id}@3.10/cutoff`,
      ),
    );
    expect(
      new URLSearchParams(app.location().split('?')[1]).get('ds')?.split(',').slice(1).sort(),
    ).toEqual(split.ways.map((way) => String(way.to_id)).sort());
    // The bill spans both releases and waits: nothing charged yet.
    expect(
      await screen.findByRole('list', { name: 'Scores asked for, by release' }),
    ).toHaveTextContent(
      /^3\.10: 1 dataset, new this period3\.12: 2 datasets, all new this period$/,
    );
    expect(live.scored()).toEqual([]);
  });
});
