import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callApi } from '../lib/api-client';
import { renderApp } from '../testing/render-app';
import { liveProxy, type SentRequest } from '../testing/live-proxy';

const live = liveProxy();

/** The calls a snippet makes, as its Python says: method, path with query, and any body. */
async function copiedCalls() {
  await userEvent.click(await screen.findByRole('button', { name: 'Copy as code' }));
  const dialog = await screen.findByRole('dialog', { name: 'This view as code' });
  const code = within(dialog).getByLabelText('Python code').textContent;
  return [...code.matchAll(/call\("(GET|POST)", "([^"]+)"(?:, (\{.*\}))?\)/g)].map((match) => ({
    method: match[1],
    path: match[2],
    body: match[3],
  }));
}

const asSent = (request: SentRequest) => ({
  method: request.method,
  path: `${request.path}${request.search.size > 0 ? `?${request.search.toString().replace(/%2C/g, ',')}` : ''}`,
});

describe('Copy as code asks what the page asked', () => {
  it('a filtered search, page and size included', async () => {
    await renderApp('/3.12/cutoff/datasets?q=electricity&type=MARKET_ACTIVITY&page=2&size=10');
    await screen.findByRole('heading', { name: 'Datasets', level: 1 });
    await waitFor(() => expect(live.sent.some((r) => r.path === '/api/datasets')).toBe(true));
    const calls = await copiedCalls();
    expect(calls).toHaveLength(1);
    const sent = live.sent.filter((r) => r.path === '/api/datasets').map(asSent);
    expect(sent).toContainEqual({ method: 'GET', path: calls[0]?.path });
    expect(calls[0]?.path).toContain('from=10&limit=10');
  });

  it('a dataset with the indicator set of its link', async () => {
    await renderApp('/3.12/cutoff/datasets/8279?ind=964,882');
    await screen.findByRole('heading', { level: 1 });
    const calls = await copiedCalls();
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/datasets/8279?version=3.12&system_model=cutoff&indicator_ids=964,882',
        body: undefined,
      },
    ]);
  });

  it('states the bill the page states, and once paid for, that it adds nothing', async () => {
    // A dataset nobody has charged yet in any release, so the page asks first and states its
    // bill, and that no other live file can charge meanwhile: they run beside this one on the
    // same proxy, whose ledger is the licence's. Three busy clean runs failed here when this took
    // the first uncharged "heat" dataset of 3.12 cutoff, as api-client.live.test.ts does and then
    // charges: the page found it charged and loaded its scores unasked, so no bill showed. So the
    // last of a release no other file charges in (a Dataset ID may be the same in several), and
    // none named by the words the other files search.
    const release = { version: '3.11', system_model: 'consequential' } as const;
    const theirs = /market|production|transport|treatment/i;
    const page = await callApi('search', { query: { ...release, query: 'heat', limit: 50 } });
    const charged = new Set((await callApi('usage')).charged.datasets);
    const id = page.results
      .filter((hit) => ![hit.name, ...hit.products.map((p) => p.name)].some((n) => theirs.test(n)))
      .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
      .findLast((candidate) => !charged.has(candidate));
    if (id === undefined)
      throw new Error('no heat dataset of 3.11 consequential is left uncharged');
    const path = `/3.11/consequential/datasets/${String(id)}?ind=964`;
    const app = await renderApp(path);
    // Priced by the proxy every live file shares, which may be reading whole releases for them
    // meanwhile: 20 s.
    const prompt = await screen.findByText(
      /^Loading them adds .* to this period’s licence bill\./,
      {},
      { timeout: 20_000 },
    );
    const bill = /^Loading them adds (.*) to this period’s licence bill\./.exec(
      prompt.textContent,
    )?.[1];
    expect(bill).toMatch(/new dataset/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy as code' }));
    let dialog = await screen.findByRole('dialog', { name: 'This view as code' });
    expect(
      await within(dialog).findByText(`Running it adds ${bill ?? ''} to this period’s bill.`, {
        exact: false,
      }),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Python code').textContent).toContain(
      `# Charged: running this adds ${bill ?? ''} to this licence period's bill (priced when copied).`,
    );
    expect(live.sent.filter((r) => r.path === '/api/scores/price')).toHaveLength(1);
    expect(live.scored()).toEqual([]);
    app.unmount();

    // Loaded on the page: copied again, the code says it adds nothing. The same page and bill
    // as above, so the same longer wait.
    await renderApp(path);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Load scores' }, { timeout: 20_000 }),
    );
    await waitFor(() => expect(live.scored()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Copy as code' }));
    dialog = await screen.findByRole('dialog', { name: 'This view as code' });
    expect(
      await within(dialog).findByText(/Already charged this period: running it adds nothing/),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('R code').textContent).toContain(
      '# Already charged this period: running this adds nothing to the bill (priced when copied).',
    );
  });

  it('a comparison: the batch calls the table loads', async () => {
    // Datasets the other live files do not open: this test's charge is its own.
    const page = await callApi('search', {
      query: { version: '3.12', system_model: 'cutoff', query: 'transport', limit: 10 },
    });
    const [a, b] = page.results.flatMap((hit) =>
      hit.products.flatMap((p) => p.datasets.map((d) => d.id)),
    );
    if (a === undefined || b === undefined)
      throw new Error('the release has too few transport datasets');
    await renderApp(`/3.12/cutoff/compare?ds=${a},${b}&ind=964`);
    await screen.findByRole('heading', { name: 'Compare', level: 1 });
    const load = await screen.findByRole('button', { name: 'Load scores' }).catch(() => undefined);
    if (load) await userEvent.click(load);
    await waitFor(() =>
      expect(
        live.sent.some(
          (r) =>
            r.path === '/api/datasets/batch' &&
            ((r.body as { indicator_ids?: number[] }).indicator_ids ?? []).length > 0,
        ),
      ).toBe(true),
    );
    const calls = await copiedCalls();
    const scored = live.sent.find(
      (r) =>
        r.path === '/api/datasets/batch' &&
        ((r.body as { indicator_ids?: number[] }).indicator_ids ?? []).length > 0,
    );
    if (!scored) throw new Error('the page sent no scored batch');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: asSent(scored).path,
        body: JSON.stringify(scored.body).replace(/,/g, ', ').replace(/:/g, ': '),
      },
    ]);
  });
});
