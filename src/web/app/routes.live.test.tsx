import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { renderApp } from '../testing/render-app';
import { liveProxy } from '../testing/live-proxy';

const live = liveProxy();
/**
 * Datasets the emulator's release has (its scale differs from the real one's) that the demo user
 * has not been charged for: the other live files share the stack and charge some, and a page
 * loads the scores of an already charged dataset by itself, as it should.
 */
let ids: number[] = [];
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.12', system_model: 'cutoff', query: 'market', limit: 20 },
  });
  const charged = new Set((await callApi('usage')).charged.datasets);
  ids = page.results
    .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
    .slice(0, 3)
    .filter((id) => !charged.has(id));
  if (ids.length < 2) throw new Error('another test charged the datasets this file opens');
});

describe('the release route', () => {
  it('pins “latest” to the concrete release, keeping the rest of the link', async () => {
    const app = await renderApp('/latest/apos/indicators?q=climate');
    await waitFor(() => expect(app.location()).toBe('/3.12/apos/indicators?q=climate'));
    expect(await screen.findByRole('heading', { name: 'Indicators', level: 1 })).toBeVisible();
  });

  it('lets the page ask for its data beside the release check, not after it', async () => {
    // The licence's list held back, as over a slow network: the page's own query leaves anyway.
    const letGo = live.hold('/api/versions');
    const app = await renderApp('/3.12/cutoff/indicators');
    await waitFor(() =>
      expect(live.sent.map((request) => request.path)).toEqual(
        expect.arrayContaining(['/api/versions', '/api/indicators']),
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Indicators', level: 1 })).toBeNull();
    letGo();
    expect(await screen.findByRole('heading', { name: 'Indicators', level: 1 })).toBeVisible();
    expect(app.location()).toBe('/3.12/cutoff/indicators');
  });

  it('What changed asks for the changes from a release the link names without waiting for the list', async () => {
    const letGo = live.hold('/api/versions');
    await renderApp('/3.12/cutoff/changes?from=3.11');
    await waitFor(() =>
      expect(
        live.sent.find((request) => request.path === '/api/changes/page')?.search.get('from'),
      ).toBe('3.11'),
    );
    letGo();
    expect(
      await screen.findByRole('heading', { name: 'What changed in 3.12', level: 1 }),
    ).toBeVisible();
  });

  it('What changed asks for the indicators and the charges beside the changes, not after them', async () => {
    const letGo = live.hold('/api/changes/page');
    await renderApp('/3.12/cutoff/changes?from=3.11');
    await waitFor(() =>
      expect(live.sent.map((request) => request.path)).toEqual(
        expect.arrayContaining(['/api/changes/page', '/api/indicators', '/api/usage']),
      ),
    );
    letGo();
    expect(
      await screen.findByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).toBeVisible();
  });

  it('says a release does not exist, rather than that the licence lacks it', async () => {
    await renderApp('/9.99/cutoff/datasets');
    expect(await screen.findByRole('heading', { name: 'No release 9.99', level: 1 })).toBeVisible();
    expect(screen.queryByText('Not in your licence')).toBeNull();
    expect(screen.getByRole('link', { name: '3.12 · cutoff' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets',
    );
    // The page's own queries left beside the check; the proxy refused each, naming the release.
    const asked = live.sent.filter((request) => request.search.get('version') === '9.99');
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      const answer = await fetch(`${request.path}?${request.search.toString()}`, {
        headers: { authorization: `Bearer ${live.stack.tokens.demo}` },
      });
      expect(answer.status, request.path).toBe(404);
      expect(((await answer.json()) as { detail: string }).detail).toBe(
        'The licence lists no release 9.99 with system model cutoff.',
      );
    }
  });

  it('says when the licence lacks a combination that exists', async () => {
    await renderApp('/3.10/EN15804');
    expect(await screen.findByText('Not in your licence')).toBeVisible();
  });

  it('says a system model does not exist', async () => {
    await renderApp('/3.12/nonsense');
    expect(
      await screen.findByRole('heading', { name: 'No system model “nonsense”', level: 1 }),
    ).toBeVisible();
  });
});

describe('each page’s loader', () => {
  it('overview: shows the release and starts its counts', async () => {
    await renderApp('/3.12/cutoff');
    expect(await screen.findByRole('heading', { name: 'Release 3.12 · cutoff' })).toBeVisible();
    await waitFor(() =>
      expect(live.sent.map((request) => request.path)).toEqual(
        expect.arrayContaining(['/api/versions', '/api/indicators', '/api/datasets']),
      ),
    );
    expect(document.title).toBe('Release 3.12 · cutoff · LCI Explorer');
  });

  it('dataset: documentation first, and never a score without asking', async () => {
    await renderApp(`/3.12/cutoff/datasets/${String(ids[0])}`);
    await screen.findByRole('table', { name: 'Dataset documentation' });
    expect(await screen.findByRole('button', { name: 'Load scores' })).toBeVisible();
    expect(live.scored()).toEqual([]);
  });

  it('dataset: a Dataset ID the release lacks offers the releases that have it', async () => {
    await renderApp('/3.12/cutoff/datasets/2000000000');
    expect(
      await screen.findByRole('heading', { name: 'Dataset 2000000000 is not in 3.12 · cutoff' }),
    ).toBeVisible();
  });

  it('dataset: one removed in this release links to where it still is, with the indicator set', async () => {
    const truth = (await (
      await fetch(
        `${live.stack.emulatorOrigin}/_emulator/changes?from=3.11&to=3.12&system_model=cutoff`,
      )
    ).json()) as { rows: { from_id: number | null; to_id: number | null; kind: string }[] };
    const removed = truth.rows.find((row) => row.kind === 'removed')?.from_id;
    expect(removed).toBeDefined();
    await renderApp(`/3.12/cutoff/datasets/${removed}?ind=882`);
    expect(
      await screen.findByRole('link', { name: '3.11 · cutoff' }, { timeout: 8_000 }),
    ).toHaveAttribute('href', `/3.11/cutoff/datasets/${removed}?ind=882`);
    // One question for every release, answered by the proxy (asked again only while it reads
    // the releases between): the browser asks no other release for the dataset itself, so it
    // meets no "not found" but the page's own.
    const asked = live.sent.filter((request) => request.path === '/api/datasets/successors');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.map((request) => request.search.get('key'))).toEqual(
      asked.map(() => String(removed)),
    );
    const elsewhere = live.sent.filter(
      (request) =>
        request.path === `/api/datasets/${removed}` && request.search.get('version') !== '3.12',
    );
    expect(elsewhere).toEqual([]);
  });

  it('datasets: reads a geography given by code as its display name', async () => {
    const app = await renderApp('/3.12/cutoff/datasets?geography=de');
    await waitFor(() =>
      expect(app.location()).toBe('/3.12/cutoff/datasets?geography=Germany+%28DE%29'),
    );
    expect(await screen.findByRole('combobox', { name: 'Geography' })).toHaveValue('Germany (DE)');
    const searched = live.sent.filter((request) => request.path === '/api/datasets');
    expect(searched.map((request) => request.search.get('geography'))).toEqual(['Germany (DE)']);
  });

  it('datasets: a page past the last says so and links to the last', async () => {
    await renderApp('/3.12/cutoff/datasets?q=electricity&page=999');
    expect(await screen.findByText(/There is no page 999: the results end on page/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Go to page \d+/ })).toBeVisible();
  });

  it('lookup: a Dataset ID opens it with the indicator set kept', async () => {
    const id = String(ids[0]);
    const app = await renderApp(`/3.12/cutoff/lookup/${id}?ind=882,964`);
    await waitFor(() => expect(app.location()).toBe(`/3.12/cutoff/datasets/${id}?ind=882,964`));
  });

  it('dataset: until the catalogue is in, its links keep the URL’s indicator set', async () => {
    const id = String(ids[1]);
    live.drop('/api/indicators');
    await renderApp(`/3.12/cutoff/datasets/${id}?ind=882,964`);
    expect(await screen.findByRole('link', { name: 'Change indicators' })).toHaveAttribute(
      'href',
      `/3.12/cutoff/indicators?ind=882,964&dataset=${id}`,
    );
    expect(
      screen.getByRole('main').querySelector(`a[href^="/3.12/cutoff/compare?ds="]`),
    ).toHaveAttribute('href', `/3.12/cutoff/compare?ds=${id}&ind=882,964`);
  });

  it('lookup: a UUID no dataset has says so, naming it, and offers another release', async () => {
    // Well-formed, though not of RFC 9562's versions: the proxy used to refuse it as invalid.
    const uuid = '12345678-1234-0234-1234-123456789abc';
    await renderApp(`/3.12/cutoff/lookup/${uuid}`);
    expect(
      await screen.findByRole('heading', { name: 'No dataset found', level: 1 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        `No dataset in 3.12 (cutoff) has ${uuid} as its activity, product or geography UUID. It may belong to another release or system model.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose another release' })).toBeVisible();
  });

  it('lookup: what is no key is echoed whole, as text, and “Search datasets” carries it', async () => {
    const typed = '<script>alert(1)</script> cement';
    await renderApp(`/3.12/cutoff/lookup/${encodeURIComponent(typed)}?ind=882`);
    expect(
      await screen.findByRole('heading', { name: 'Nothing to look up', level: 1 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        `"${typed}" is neither a Dataset ID, a UUID, nor an ecoSpold file name. To search by name, use dataset search.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: `Search datasets for “${typed}”` })).toHaveAttribute(
      'href',
      `/3.12/cutoff/datasets?${new URLSearchParams({ q: typed, ind: '882' }).toString()}`,
    );
  });

  it('indicators, compare, releases, usage: each shows its data', async () => {
    for (const [path, heading] of [
      ['/3.12/cutoff/indicators', 'Indicators'],
      [`/3.12/cutoff/compare?ds=${ids.slice(0, 2).join(',')}&ind=882`, 'Compare'],
      ['/releases', 'Releases'],
      ['/usage', 'Usage'],
    ] as const) {
      const app = await renderApp(path);
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeVisible();
      app.unmount();
    }
    expect(live.scored()).toEqual([]);
  });
});

describe('compare', () => {
  it('shows its heading and what it does while the indicator catalogue is on its way', async () => {
    const letGo = live.hold('/api/indicators');
    await renderApp(`/3.12/cutoff/compare?ds=${ids.slice(0, 2).join(',')}`);
    expect(await screen.findByRole('heading', { name: 'Compare', level: 1 })).toBeVisible();
    expect(screen.getByText(/^Up to 20 datasets side by side/)).toBeVisible();
    // Only the rest is announced as loading, not the heading above it.
    const loading = screen.getByRole('status', { name: 'Loading the page' });
    expect(loading).toBeVisible();
    expect(within(loading).queryByRole('heading')).toBeNull();
    letGo();
    expect(await screen.findByText('No indicators chosen')).toBeVisible();
  });

  it('with datasets but no indicators, says so and offers the headline set', async () => {
    const app = await renderApp(`/3.12/cutoff/compare?ds=${ids.slice(0, 2).join(',')}`);
    expect(await screen.findByText('No indicators chosen')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Use the headline indicators' }));
    await waitFor(() => expect(app.location()).toMatch(/&ind=\d+(,\d+)+$/));
    expect(await screen.findByRole('table', { name: 'Comparison' })).toBeVisible();
    expect(live.scored()).toEqual([]);
  });
});

describe('a page whose data fails', () => {
  it('shows what failed, and “Try again” asks again and shows the page', async () => {
    live.drop('/api/versions');
    await renderApp('/releases');
    expect(await screen.findByText('No connection')).toBeVisible();
    live.restore('/api/versions');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Releases and system models' })).toBeVisible();
  });
});
