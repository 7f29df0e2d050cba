import { describe, expect, it } from 'vitest';
import { ChangesSchema, UpgradeCheckSchema, type ChangeRow } from '../../shared/api/schemas';
import { changeCounts, changedIds, filterChanges } from '../../shared/changes-list';
import type { ListEntry } from '../../shared/api/routes';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { answerKey } from '../cache/response-cache';
import { byFrom, useAcrossReleases } from '../testing/across-releases-harness';
import { proxyOnEmulator } from '../testing/emulator-proxy';
import { releaseQuery } from '../upstream/adapter';

// The changes, upgrade check and history, through the real handlers against the emulator, its
// change reports loaded as `npm start` loads them; every verdict is checked against what the
// emulator records it did (GET /_emulator/changes), never against the matcher's own output. A
// quarter of the real size has every kind of change.
// Here the changes and the upgrade check; a dataset's history: dataset-history.test.ts.
const { emulator, proxy, auth, truth, apiRequests, changes, changesPage, upgrade } =
  useAcrossReleases({
    start: startTestEmulator,
    signIn: signInWithCode,
  });

describe('GET /api/changes', () => {
  it('reads a release once for the sector index and the changes, and charges nothing', async () => {
    const before = await apiRequests();
    for (;;) {
      const response = await proxy().app.inject({
        url: '/api/sectors?version=3.12&system_model=cutoff',
        headers: auth(),
      });
      if (response.statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const oneRelease = (await apiRequests()) - before;
    const { waited } = await changes('version=3.12&system_model=cutoff');
    expect(waited).toBe(true);
    // 3.12 was read for its sectors; only 3.11 is read now, at about the same cost.
    const both = (await apiRequests()) - before;
    expect(both).toBeLessThan(2.1 * oneRelease);
    await changes('version=3.12&system_model=cutoff&from=3.11');
    expect((await apiRequests()) - before).toBe(both);
    const ledger = (await (await fetch(`${emulator().origin}/_emulator/ledger`)).json()) as {
      datasets: number;
    };
    expect(ledger.datasets).toBe(0);
  });

  it('lists what the emulator changed from 3.11 to 3.12, each change as it recorded it', async () => {
    const { answer } = await changes('version=3.12&system_model=cutoff');
    expect(answer).toMatchObject({ from: '3.11', to: '3.12', system_model: 'cutoff' });
    // Decided by the report, every entry of which names datasets here.
    expect(answer.reports).toEqual([
      expect.objectContaining({ from: '3.11', to: '3.12', loaded: true, unmatched: 0 }),
    ]);
    expect(answer.reports[0]?.applied).toBe(answer.reports[0]?.entries);
    expect(answer.unmatched_entries).toEqual([]);
    const rows = await truth('3.11', '3.12');
    const fates = byFrom(rows);
    const recorded = (from: number | undefined, to: number | undefined) =>
      (fates.get(from ?? 0) ?? []).find((row) => row.to_id === (to ?? null));
    const kept = rows.filter((row) => row.from_id !== null && row.from_id === row.to_id);
    expect(answer.unchanged).toBe(kept.filter((row) => row.fields.length === 0).length);
    const listed = (change: string) => answer.rows.filter((row) => row.change === change);

    // Every link is one the emulator made, with its fields, and a split's with its share.
    for (const row of answer.rows) {
      if (!row.from || !row.to) continue;
      const truthRow = recorded(row.from.id, row.to.id);
      expect(truthRow, `${row.from.id} → ${row.to.id}`).toBeDefined();
      expect(row.fields).toEqual(truthRow?.fields);
      if (row.change === 'split') expect(row.share).toBeCloseTo(truthRow?.share ?? -1, 9);
      expect(row.basis).toBe(row.reports.length > 0 ? 'change report' : 'documentation');
    }
    // Each kind of change listed as what it is, by the report where it can tell it.
    for (const [kind, change] of [
      ['moved', 'moved'],
      ['product-renamed', 'renamed'],
      ['split', 'split'],
      ['merged', 'merged'],
      ['re-identified', 're-identified'],
    ] as const) {
      const ways = rows.filter((row) => row.kind === kind && row.to_id !== null);
      const found = ways.filter((way) =>
        answer.rows.some((r) => r.from?.id === way.from_id && r.to?.id === way.to_id),
      );
      expect(found.length / ways.length, kind).toBeGreaterThan(0.95);
      expect(listed(change).length, change).toBeGreaterThan(0);
    }
    expect(listed('moved').every((row) => row.basis === 'change report')).toBe(true);
    // Nothing with a successor is called removed; a dataset without a certain one offers it.
    for (const row of listed('removed'))
      expect(fates.get(row.from?.id ?? 0)?.some((r) => r.to_id !== null)).toBe(false);
    for (const row of listed('no certain successor')) {
      const successors = (fates.get(row.from?.id ?? 0) ?? []).filter((r) => r.to_id !== null);
      for (const successor of successors)
        expect(row.candidates.map((c) => c.dataset.id)).toContain(successor.to_id);
    }
    // Every dataset of 3.12 is either a change's target or unchanged.
    const targets = new Set(answer.rows.flatMap((row) => (row.to ? [row.to.id] : [])));
    expect(targets.size + answer.unchanged).toBe(answer.datasets.to);
  });

  it('refuses the same release twice, a release the licence lacks, and an oldest release without from', async () => {
    const problem = async (url: string) => {
      const response = await proxy().app.inject({ url, headers: auth() });
      return { status: response.statusCode, body: ProblemSchema.parse(response.json()) };
    };
    expect(await problem('/api/changes?version=3.12&from=3.12')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect((await problem('/api/changes?version=3.12&from=3.9')).status).toBe(404);
    expect((await problem('/api/changes?version=3.11&system_model=EN15804&from=3.10')).status).toBe(
      404,
    );
    expect((await problem('/api/changes?version=3.10')).body.detail).toMatch(/no release before/);
    expect((await proxy().app.inject({ url: '/api/changes?version=3.12' })).statusCode).toBe(401);
  });
});

describe('GET /api/changes/page', () => {
  const rowId = (row: ChangeRow) => `${row.from?.id ?? ''}>${row.to?.id ?? ''}`;

  it('pages the list the whole answer holds, as the filters narrow it, with what the page needs', async () => {
    const { answer: all } = await changes('version=3.12&system_model=cutoff&from=3.11');
    const { answer: first } = await changesPage('version=3.12&system_model=cutoff&from=3.11');
    expect(first).toMatchObject({ from: '3.11', to: '3.12', page: 1, matching: all.rows.length });
    expect(first.total).toBe(all.rows.length);
    expect(first.pages).toBe(Math.ceil(all.rows.length / 100));
    expect(first.rows.map(rowId)).toEqual(all.rows.slice(0, 100).map(rowId));
    expect(first.counts).toEqual(all.counts);
    expect(first.counts_within).toBeNull();
    expect(first.ids).toEqual(changedIds(all.rows));
    // The sector with the most changes: more than a page of them.
    const [largest] = [...first.facets.sectors].sort((a, b) => b.rows - a.rows);
    const sector = largest?.name ?? '';
    expect(largest?.rows).toBe(all.rows.filter((row) => row.sectors.includes(sector)).length);

    // A page with a split whose other parts are on another page: they come with it.
    const partsOf = (row: ChangeRow) =>
      all.rows.filter((other) => other.change === 'split' && other.from?.id === row.from?.id);
    const across = all.rows.findIndex(
      (row, i) =>
        row.change === 'split' &&
        partsOf(row).some(
          (part) => Math.floor(all.rows.indexOf(part) / 100) !== Math.floor(i / 100),
        ),
    );
    expect(across).toBeGreaterThanOrEqual(0);
    const page = Math.floor(across / 100) + 1;
    const { answer: paged } = await changesPage(
      `version=3.12&system_model=cutoff&from=3.11&page=${page}`,
    );
    expect(paged.rows.map(rowId)).toEqual(all.rows.slice((page - 1) * 100, page * 100).map(rowId));
    expect(paged.related.length).toBeGreaterThan(0);
    const parts = new Set([...paged.rows, ...paged.related].map(rowId));
    for (const shown of paged.rows.filter((row) => row.change === 'split'))
      for (const part of partsOf(shown)) expect(parts.has(rowId(part)), rowId(part)).toBe(true);
    const onPage = new Set(paged.rows.map(rowId));
    expect(paged.related.some((row) => onPage.has(rowId(row)))).toBe(false);

    // A filter: its rows, the kinds within the other filters, a sector's page 2.
    const query = new URLSearchParams({
      version: '3.12',
      system_model: 'cutoff',
      from: '3.11',
      sector,
      page: '2',
    });
    const inSector = filterChanges(all.rows, { sector });
    expect(inSector.length).toBeGreaterThan(100);
    const { answer: second } = await changesPage(query.toString());
    expect(second.rows.map(rowId)).toEqual(inSector.slice(100, 200).map(rowId));
    expect(second.matching).toBe(inSector.length);
    expect(second.counts_within).toEqual(changeCounts(all.rows, { sector }));
    expect(second.ids).toEqual(changedIds(inSector));

    // Words, and a page past the last: the last page.
    const words = await changesPage(
      'version=3.12&system_model=cutoff&from=3.11&q=electricity%20high&page=9999',
    );
    const kept = filterChanges(all.rows, { q: 'electricity high' });
    expect(kept.length).toBeGreaterThan(0);
    expect(words.answer.page).toBe(Math.ceil(kept.length / 100));
    expect(words.answer.rows.map(rowId)).toEqual(
      kept.slice((words.answer.page - 1) * 100).map(rowId),
    );
  });

  it('refuses a bad page, kind of change or parameter before asking the data service', async () => {
    await changesPage('version=3.12&system_model=cutoff&from=3.11');
    const before = await apiRequests();
    for (const [query, field] of [
      ['page=0', 'query.page'],
      ['page=two', 'query.page'],
      ['change=vanished', 'query.change'],
      ['q=' + 'x'.repeat(201), 'query.q'],
      ['size=1000', 'query'],
    ] as const) {
      const response = await proxy().app.inject({
        url: `/api/changes/page?version=3.12&system_model=cutoff&from=3.11&${query}`,
        headers: auth(),
      });
      expect(response.statusCode, query).toBe(400);
      const problem = ProblemSchema.parse(response.json());
      expect(problem.code).toBe('validation_failed');
      expect(JSON.stringify(problem.errors), query).toContain(field);
    }
    expect((await proxy().app.inject({ url: '/api/changes/page?version=3.12' })).statusCode).toBe(
      401,
    );
    expect(await apiRequests()).toBe(before);
  });
});

describe('POST /api/upgrade-check', () => {
  it('gives every dataset of 3.10 the verdict the emulator’s record of 3.10 → 3.12 calls for', async () => {
    const ids =
      emulator()
        .state.store.view('3.10', 'cutoff')
        ?.datasets.map((d) => d.id) ?? [];
    const entries: ListEntry[] = ids.map((id, i) => ({ line: i + 1, kind: 'id', id }));
    const { answer } = await upgrade('version=3.12&system_model=cutoff&from=3.10', entries);
    expect(answer.results).toHaveLength(ids.length);
    expect(answer.reports.map((step) => [step.from, step.to, step.loaded])).toEqual([
      ['3.10', '3.11', true],
      ['3.11', '3.12', true],
    ]);
    const fates = byFrom(await truth('3.10', '3.12'));
    const seen = new Set<string>();
    for (const result of answer.results) {
      const id = result.source?.id ?? 0;
      expect(id).toBe(ids[result.line - 1]);
      const rows = fates.get(id) ?? [];
      const [only, ...more] = rows;
      seen.add(`${more.length > 0 ? 'split' : (only?.kind ?? '')} → ${result.verdict}`);
      // Every dataset it is mapped to is one the emulator made of it, with its changed fields
      // and its share.
      for (const successor of result.successors) {
        const row = rows.find((r) => r.to_id === successor.dataset.id);
        expect(row, `${id} → ${successor.dataset.id}`).toBeDefined();
        expect(successor.fields).toEqual(row?.fields);
        if (row?.share !== null) expect(successor.share).toBeCloseTo(row?.share ?? -1, 9);
      }
      if (result.target)
        expect(result.successors.map((s) => s.dataset.id)).toContain(result.target.id);
      const successors = rows.filter((row) => row.to_id !== null);
      if (successors.length === 0)
        expect(['removed', 'no certain successor']).toContain(result.verdict);
      else expect(result.verdict).not.toBe('removed');
    }
    for (const expected of [
      'persisted → unchanged',
      'updated → documentation changed',
      'renamed → documentation changed',
      'removed → no certain successor',
      'moved → new ID',
      'product-renamed → new ID',
      're-identified → new ID',
      'merged → merged',
      'split → split',
    ])
      expect(seen).toContain(expected);
    expect(Object.values(answer.counts).reduce((a, b) => a + b, 0)).toBe(ids.length);
  });

  it('reads UUIDs, file names and names as the datasets they name', async () => {
    const view = emulator().state.store.view('3.11', 'cutoff');
    const record = view?.byId.get(8279);
    if (!record) throw new Error('no 8279');
    const sharedProduct = view?.datasets.find(
      (d) => d !== record && d.productUuid === record.productUuid,
    );
    expect(sharedProduct).toBeDefined();
    const { answer } = await upgrade('version=3.12&system_model=cutoff&from=3.11', [
      { line: 1, kind: 'id', id: 8279 },
      { line: 2, kind: 'uuid', uuid: record.activityUuid },
      {
        line: 3,
        kind: 'file',
        activity_uuid: record.activityUuid,
        product_uuid: record.productUuid,
      },
      {
        line: 4,
        kind: 'names',
        activity: record.activity.toUpperCase(),
        product: record.product,
        geography: 'MX',
      },
      { line: 5, kind: 'uuid', uuid: record.productUuid },
      { line: 6, kind: 'id', id: 99_999_999 },
    ]);
    expect(answer.results.map((r) => [r.line, r.verdict, r.source?.id ?? null])).toEqual([
      [1, 'documentation changed', 8279],
      [2, 'documentation changed', 8279],
      [3, 'documentation changed', 8279],
      [4, 'documentation changed', 8279],
      [5, 'several in source', null],
      [6, 'not in source', null],
    ]);
    // A product UUID names every dataset of the product: the user chooses (ten are shown).
    const products = answer.results[4]?.candidates.map((c) => c.dataset.product) ?? [];
    expect(products.length).toBe(10);
    expect(new Set(products)).toEqual(new Set([record.product]));
    expect(answer.counts['documentation changed']).toBe(4);
  });

  it('validates the list by the contract: at most 10 000 entries, each well formed', async () => {
    const post = (payload: object, query = 'version=3.12&from=3.11') =>
      proxy().app.inject({
        method: 'POST',
        url: `/api/upgrade-check?${query}`,
        headers: auth(),
        payload,
      });
    const many = Array.from({ length: 10_001 }, (_, i) => ({ line: i + 1, kind: 'id', id: i + 1 }));
    for (const [payload, field] of [
      [{ entries: many }, 'body.entries'],
      [{ entries: [] }, 'body.entries'],
      [{ entries: [{ line: 1, kind: 'id', id: '8279' }] }, 'body.entries.0.id'],
      [{ entries: [{ line: 1, kind: 'sql', id: 1 }] }, 'body.entries.0.kind'],
      [{ entries: [{ line: 1, kind: 'uuid', uuid: 'nope' }] }, 'body.entries.0.uuid'],
      [
        { entries: [{ line: 1, kind: 'names', activity: 'a', product: 'b', geography: '' }] },
        'body.entries.0.geography',
      ],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      const problem = ProblemSchema.parse(response.json());
      expect(problem.code).toBe('validation_failed');
      expect(JSON.stringify(problem)).toContain(field);
    }
    expect(
      (await post({ entries: [{ line: 1, kind: 'id', id: 1 }] }, 'version=3.12')).statusCode,
    ).toBe(400);
    // A list of 10 000 names fits in the body the route accepts.
    const names = Array.from({ length: 10_000 }, (_, i) => ({
      line: i + 1,
      kind: 'names',
      activity: `market for electricity, low voltage, variant ${i} of a long enough name to count`,
      product: 'electricity, low voltage, a product name of a realistic length',
      geography: 'Rest-of-World (RoW)',
    }));
    const big = await post({ entries: names });
    expect(big.statusCode).toBe(200);
    expect(UpgradeCheckSchema.parse(big.json())).toMatchObject({
      counts: { 'not in source': 10_000 },
    });
  });
});

describe('an answer made as soon as its releases are read', () => {
  it('is sent to a request held for the reading (READING_HOLD_MS), with no 202 before it', async () => {
    // A hold longer than any reading here: the first request waits and gets the changes.
    const held = await proxyOnEmulator(emulator(), { READING_HOLD_MS: '10000' });
    try {
      const first = await held.app.inject({
        url: '/api/changes?version=3.11&system_model=cutoff&from=3.10',
        headers: auth(),
      });
      expect(first.statusCode).toBe(200);
      expect(ChangesSchema.parse(first.json())).toMatchObject({
        status: 'ready',
        from: '3.10',
        to: '3.11',
        system_model: 'cutoff',
      });
    } finally {
      await held.app.close();
    }
  });

  it('is in the cache before anyone asks again, and the 202 before it says only the progress', async () => {
    const query = 'version=3.11&system_model=apos&from=3.10';
    const first = await proxy().app.inject({ url: `/api/changes?${query}`, headers: auth() });
    expect(first.statusCode).toBe(202);
    expect(Object.keys(first.json<object>()).sort()).toEqual(['done', 'status', 'total']);
    const key = answerKey(
      'GET',
      '/api/changes',
      new URLSearchParams([
        ...releaseQuery({ version: '3.11', systemModel: 'apos' }),
        ['from', '3.10'],
      ]),
    );
    // Nobody asks while the two releases are read in the background: the answer comes anyway.
    const deadline = Date.now() + 120_000;
    while (!proxy().app.services.cache.get(key) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy().app.services.cache.get(key)).toBeDefined();
    const next = await proxy().app.inject({ url: `/api/changes?${query}`, headers: auth() });
    expect(next.statusCode).toBe(200);
    expect(next.json<{ from: string; to: string }>()).toMatchObject({ from: '3.10', to: '3.11' });
  });
});
