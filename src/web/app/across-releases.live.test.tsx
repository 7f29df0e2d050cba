import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { liveProxy } from '../testing/live-proxy';
import { renderApp } from '../testing/render-app';

const live = liveProxy();
/**
 * Datasets of 3.12 cutoff that 3.11 has under the same ID (most do). Not the first three of the
 * search: routes.live.test.tsx opens those and expects nothing of them to be charged yet.
 */
let ids: number[] = [];
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.12', system_model: 'cutoff', query: 'market', limit: 20 },
  });
  ids = page.results
    .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
    .slice(3, 6);
});

const paths = () => live.sent.map((request) => request.path);

describe('a dataset across releases', () => {
  it('loads the matches and each release’s documentation, never a score without a yes', async () => {
    const id = String(ids[0]);
    await renderApp(`/3.12/cutoff/datasets/${id}/history?ind=882`);
    expect(
      await screen.findByRole('table', { name: `Dataset ${id} across releases` }),
    ).toBeVisible();
    expect(
      await screen.findByRole('table', { name: 'Documentation across releases' }),
    ).toBeVisible();
    expect(paths()).toContain(`/api/datasets/${id}/history`);
    expect(await screen.findByRole('list', { name: 'Scores asked for, by release' })).toBeVisible();
    expect(live.scored()).toEqual([]);
  });

  it('loads each release’s scores once the bill is agreed to', async () => {
    const id = String(ids[1]);
    await renderApp(`/3.12/cutoff/datasets/${id}/history?ind=882`);
    await userEvent.click(await screen.findByRole('button', { name: /^Load scores/ }));
    expect(await screen.findByRole('table', { name: 'Scores across releases' })).toBeVisible();
    // One charged call for each release the dataset was found in, and none for any other.
    const history = await callApi('history', {
      params: { id: Number(id) },
      query: { version: '3.12', system_model: 'cutoff' },
    });
    if (history.status !== 'ready') throw new Error('the history was shown before it was ready');
    const found = history.releases.flatMap((entry) => (entry.dataset ? [entry.version] : []));
    expect(found.length).toBeGreaterThan(1);
    const scored = live.scored().map((request) => request.search.get('version'));
    expect(scored.sort()).toEqual(found.sort());
    // A charged answer has the usage asked again, so the next bill knows it.
    const lastScored = live.sent.findLastIndex((request) => request.search.has('indicator_ids'));
    await waitFor(() =>
      expect(live.sent.findLastIndex((request) => request.path === '/api/usage')).toBeGreaterThan(
        lastScored,
      ),
    );
  });
});

describe('choosing the indicators of a history', () => {
  it('goes to the catalogue and back to the history with the set chosen there', async () => {
    const id = String(ids[0]);
    await renderApp(`/3.12/cutoff/datasets/${id}/history?ind=882`);
    const change = await screen.findByRole('link', { name: 'Change indicators' });
    expect(change).toHaveAttribute(
      'href',
      `/3.12/cutoff/indicators?ind=882&dataset=${id}&back=history`,
    );
    await userEvent.click(change);
    const back = await screen.findByRole('link', { name: /^Back to .* across releases/ });
    expect(back.getAttribute('href')).toMatch(
      new RegExp(`^/3\\.12/cutoff/datasets/${id}/history\\?ind=`),
    );
  });
});

describe('what changed in a release', () => {
  it('compares with the release before by default, and shows the counts', async () => {
    await renderApp('/3.12/cutoff/changes');
    expect(await screen.findByRole('heading', { name: 'What changed in 3.12' })).toBeVisible();
    expect(await screen.findByRole('group', { name: 'Changes from 3.11 to 3.12' })).toBeVisible();
    // Decided by the emulator's change report, loaded as npm start loads it, and said so.
    expect(
      screen.getByRole('note', { name: 'Decided by ecoinvent’s change reports' }),
    ).toHaveTextContent('ecoinvent change report 3.11 → 3.12');
    // A page of the list, not the whole list: a hundred rows where the release has thousands.
    const asked = live.sent.filter((request) => request.path === '/api/changes/page');
    expect(asked.map((request) => request.search.get('from'))).toContain('3.11');
    expect(paths()).not.toContain('/api/changes');
    const table = screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
    // The first screen of rows first, then the rest of the page a render later.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
    expect(document.title).toBe('Changes since 3.11 · 3.12 · LCI Explorer');
  });

  it('asks nothing of the oldest release, and says to choose another', async () => {
    await renderApp('/3.10/cutoff/changes');
    expect(
      await screen.findByText('Your licence has no release of cutoff before 3.10.'),
    ).toBeVisible();
    expect(paths()).not.toContain('/api/changes');
    expect(paths()).not.toContain('/api/changes/page');
  });
});

describe('the upgrade check', () => {
  it('opens a shared list and checks it (free), scores waiting for a yes', async () => {
    const shared = ids.join(',');
    await renderApp(`/3.12/cutoff/upgrade?from=3.11&ids=${shared}&ind=882`);
    const table = await screen.findByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
    expect(within(table).getAllByRole('row')).toHaveLength(ids.length + 1);
    expect(screen.getByRole('textbox', { name: 'Datasets' })).toHaveValue(ids.join('\n'));
    const checked = live.sent.filter((request) => request.path === '/api/upgrade-check');
    expect(checked[0]?.body).toEqual({
      entries: ids.map((id, i) => ({ line: i + 1, kind: 'id', id })),
    });
    expect(await screen.findByRole('list', { name: 'Scores asked for, by release' })).toBeVisible();
    expect(live.scored()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Load scores' }));
    expect(await within(table).findAllByRole('columnheader', { name: /^Change in / })).toHaveLength(
      1,
    );
    const batches = live.scored().map((request) => request.search.get('version'));
    expect(batches.sort()).toEqual(['3.11', '3.12']);
  });

  it('looks a few IDs of a pasted list up and offers the release they come from', async () => {
    // Dataset IDs of 3.10 that 3.11 no longer has (the emulator's record of what it did).
    const { emulatorOrigin } = inject('webStack');
    const truth = (await (
      await fetch(`${emulatorOrigin}/_emulator/changes?from=3.10&to=3.11`)
    ).json()) as { rows: { from_id: number | null; to_id: number | null }[] };
    const kept = new Set(
      truth.rows.filter((row) => row.to_id === row.from_id).map((r) => r.from_id),
    );
    const gone = [
      ...new Set(
        truth.rows.flatMap((row) =>
          row.from_id !== null && !kept.has(row.from_id) ? [row.from_id] : [],
        ),
      ),
    ].slice(0, 4);
    expect(gone).toHaveLength(4);
    window.sessionStorage.clear();
    await renderApp('/3.12/cutoff/upgrade?from=3.11');
    await userEvent.click(await screen.findByRole('textbox', { name: 'Datasets' }));
    await userEvent.paste(gone.join('\n'));
    const fit = await screen.findByRole('status', { name: 'Which release the list fits' });
    expect(fit).toHaveTextContent('3.11 has 0, 3.10 has 4');
    await userEvent.click(
      within(fit).getByRole('button', { name: 'The list fits 3.10: check from 3.10' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'From release' })).toHaveValue('3.10'),
    );
    expect(live.scored()).toEqual([]);
  });
});
