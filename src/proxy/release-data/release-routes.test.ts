import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangesSchema,
  DatasetHistorySchema,
  UpgradeCheckSchema,
  type Changes,
  type DatasetHistory,
  type UpgradeCheck,
} from '../../shared/api/schemas';
import type { ListEntry } from '../../shared/api/routes';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { nearestReleases } from './answers';

// The changes, upgrade check and history, through the real handlers against the emulator; every
// verdict is checked against what the emulator records it did (GET /_emulator/changes), never
// against the matcher's own output. A quarter of the real size has every kind of change.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let auth: { authorization: string };

interface TruthRow {
  from_id: number | null;
  to_id: number | null;
  kind: string;
  fields: string[];
}

async function truth(from: string, to: string): Promise<TruthRow[]> {
  const response = await fetch(`${emulator.origin}/_emulator/changes?from=${from}&to=${to}`);
  return ((await response.json()) as { rows: TruthRow[] }).rows;
}
const byFrom = (rows: TruthRow[]) => {
  const map = new Map<number, TruthRow[]>();
  for (const row of rows)
    if (row.from_id !== null) map.set(row.from_id, [...(map.get(row.from_id) ?? []), row]);
  return map;
};
const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;

/** Asks until the answer is ready, as the explorer does; the first answer must be a 202. */
async function whenReady<T extends { status: string }>(
  ask: () => Promise<{ statusCode: number; json: () => unknown; headers: Record<string, unknown> }>,
  parse: (body: unknown) => T,
): Promise<{ answer: Extract<T, { status: 'ready' }>; waited: boolean }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await ask();
    const answer = parse(response.json());
    if (answer.status === 'ready') {
      expect(response.statusCode).toBe(200);
      return { answer: answer as Extract<T, { status: 'ready' }>, waited: attempt > 0 };
    }
    expect(response.statusCode).toBe(202);
    expect(response.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never ready');
}

const changes = (query: string) =>
  whenReady<Changes>(
    () => proxy.app.inject({ url: `/api/changes?${query}`, headers: auth }),
    (body) => ChangesSchema.parse(body),
  );
const upgrade = (query: string, entries: ListEntry[]) =>
  whenReady<UpgradeCheck>(
    () =>
      proxy.app.inject({
        method: 'POST',
        url: `/api/upgrade-check?${query}`,
        headers: auth,
        payload: { entries },
      }),
    (body) => UpgradeCheckSchema.parse(body),
  );
const history = (id: number, query: string) =>
  whenReady<DatasetHistory>(
    () => proxy.app.inject({ url: `/api/datasets/${id}/history?${query}`, headers: auth }),
    (body) => DatasetHistorySchema.parse(body),
  );

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_SCALE: '0.25' });
  proxy = await proxyOnEmulator(emulator);
  const user = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  auth = { authorization: `Bearer ${user.access_token}` };
});
afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
});

describe('GET /api/changes', () => {
  it('reads a release once for the sector index and the changes, and charges nothing', async () => {
    const before = await apiRequests();
    for (;;) {
      const response = await proxy.app.inject({
        url: '/api/sectors?version=3.12&system_model=cutoff',
        headers: auth,
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
    const ledger = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      datasets: number;
    };
    expect(ledger.datasets).toBe(0);
  });

  it('lists what the emulator changed from 3.11 to 3.12, each change as it recorded it', async () => {
    const { answer } = await changes('version=3.12&system_model=cutoff');
    expect(answer).toMatchObject({ from: '3.11', to: '3.12', system_model: 'cutoff' });
    const rows = await truth('3.11', '3.12');
    const fates = byFrom(rows);
    const pair = (from: number | undefined, to: number | undefined) =>
      (fates.get(from ?? 0) ?? []).some((row) => row.to_id === (to ?? null));
    const kept = rows.filter((row) => row.from_id !== null && row.from_id === row.to_id);
    expect(answer.unchanged).toBe(kept.filter((row) => row.fields.length === 0).length);
    const listed = (change: string) => answer.rows.filter((row) => row.change === change);

    // Same ID: the documentation fields exactly as the emulator changed them.
    for (const row of listed('documentation changed')) {
      expect(row.from?.id).toBe(row.to?.id);
      expect(row.fields).toEqual(fates.get(row.from?.id ?? 0)?.[0]?.fields);
    }
    const renamed = rows.filter((row) => row.kind === 'renamed').map((row) => row.from_id);
    expect(
      listed('renamed')
        .filter((row) => row.how === 'same ID')
        .map((r) => r.from?.id),
    ).toEqual(expect.arrayContaining(renamed));
    // A new ID found by UUIDs or names is always the one the emulator gave.
    const reidentified = listed('re-identified');
    expect(reidentified.length).toBe(
      rows.filter((row) => row.kind === 're-identified').length +
        rows.filter((row) => row.kind === 'merged' && keepsNames(row, '3.11', '3.12')).length,
    );
    for (const row of [...reidentified, ...listed('renamed')])
      expect(pair(row.from?.id, row.to?.id)).toBe(true);
    // Every product rename is found (its activity is kept); every removal is listed as one.
    for (const row of rows.filter((r) => r.kind === 'product-renamed'))
      expect(
        listed('renamed').some((r) => r.from?.id === row.from_id && r.to?.id === row.to_id),
      ).toBe(true);
    const removedOrMoved = new Set(
      [...listed('removed'), ...listed('moved')].map((row) => row.from?.id),
    );
    for (const row of rows.filter((r) => r.kind === 'removed'))
      expect(removedOrMoved.has(row.from_id ?? 0)).toBe(true);
    // A move is a likely one: right about half the time on documentation alone (see verdict.ts).
    const moves = listed('moved');
    expect(moves.every((row) => row.how === 'likely successor')).toBe(true);
    expect(moves.filter((row) => pair(row.from?.id, row.to?.id)).length).toBeGreaterThan(0);
    // Every dataset of 3.12 is either a change's target or unchanged.
    const targets = new Set(answer.rows.flatMap((row) => (row.to ? [row.to.id] : [])));
    expect(targets.size + answer.unchanged).toBe(answer.datasets.to);
  });

  it('refuses the same release twice, a release the licence lacks, and an oldest release without from', async () => {
    const problem = async (url: string) => {
      const response = await proxy.app.inject({ url, headers: auth });
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
    expect((await proxy.app.inject({ url: '/api/changes?version=3.12' })).statusCode).toBe(401);
  });
});

/** A merge whose result has its source's names and geography (the other source's differ). */
function keepsNames(row: TruthRow, from: string, to: string): boolean {
  const before = emulator.state.store.view(from, 'cutoff')?.byId.get(row.from_id ?? 0);
  const after = emulator.state.store.view(to, 'cutoff')?.byId.get(row.to_id ?? 0);
  return (
    before !== undefined &&
    after !== undefined &&
    before.activity === after.activity &&
    before.product === after.product &&
    before.geography.code === after.geography.code
  );
}

describe('POST /api/upgrade-check', () => {
  it('gives every dataset of 3.10 the verdict the emulator’s record of 3.10 → 3.12 calls for', async () => {
    const ids = emulator.state.store.view('3.10', 'cutoff')?.datasets.map((d) => d.id) ?? [];
    const entries: ListEntry[] = ids.map((id, i) => ({ line: i + 1, kind: 'id', id }));
    const { answer } = await upgrade('version=3.12&system_model=cutoff&from=3.10', entries);
    expect(answer.results).toHaveLength(ids.length);
    const fates = byFrom(await truth('3.10', '3.12'));
    const seen = new Set<string>();
    for (const result of answer.results) {
      const id = result.source?.id ?? 0;
      expect(id).toBe(ids[result.line - 1]);
      const rows = fates.get(id) ?? [];
      const kept = rows.find((row) => row.to_id === id);
      const [only] = rows;
      seen.add(`${only?.kind ?? ''} → ${result.verdict}`);
      // A target is always one the emulator made of this dataset, with its changed fields.
      if (result.target) {
        const row = rows.find((r) => r.to_id === result.target?.id);
        expect(row).toBeDefined();
        expect(result.fields).toEqual(row?.fields);
      }
      if (kept) {
        expect(result.verdict).toBe(
          kept.fields.length === 0 ? 'unchanged' : 'documentation changed',
        );
        continue;
      }
      switch (only?.kind) {
        case 're-identified':
          expect(result).toMatchObject({ verdict: 'new ID', how: 'same UUIDs' });
          break;
        case 'product-renamed':
          expect(result).toMatchObject({ verdict: 'new ID', how: 'likely successor' });
          break;
        case 'removed':
          expect(result.verdict).toBe('gone');
          break;
        case 'moved':
          // Gone, with what it became among the candidates, new in 3.12.
          expect(result.verdict).toBe('gone');
          expect(result.candidates.map((c) => c.dataset.id)).toContain(only.to_id);
          break;
      }
    }
    for (const expected of [
      'persisted → unchanged',
      'updated → documentation changed',
      'removed → gone',
      'moved → gone',
      'product-renamed → new ID',
      're-identified → new ID',
    ])
      expect(seen).toContain(expected);
    expect(Object.values(answer.counts).reduce((a, b) => a + b, 0)).toBe(ids.length);
  });

  it('reads UUIDs, file names and names as the datasets they name', async () => {
    const view = emulator.state.store.view('3.11', 'cutoff');
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
      proxy.app.inject({
        method: 'POST',
        url: `/api/upgrade-check?${query}`,
        headers: auth,
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

describe('GET /api/datasets/{id}/history', () => {
  it('finds a dataset renamed in 3.12 in every release, saying how and what changed', async () => {
    const renamed = (await truth('3.11', '3.12')).find((row) => row.kind === 'renamed');
    const id = renamed?.to_id ?? 0;
    const { answer } = await history(id, 'version=3.12&system_model=cutoff');
    expect(answer.releases.map((r) => [r.version, r.how])).toEqual([
      ['3.12', 'same ID'],
      ['3.11', 'same ID'],
      ['3.10', 'same ID'],
    ]);
    expect(answer.releases[1]?.fields).toContain('activity');
    expect(answer.releases[1]?.dataset?.activity).not.toBe(answer.releases[0]?.dataset?.activity);
  });

  it('follows a product renamed in 3.12 back to its old ID', async () => {
    const row = (await truth('3.11', '3.12')).find((r) => r.kind === 'product-renamed');
    const { answer } = await history(row?.to_id ?? 0, 'version=3.12&system_model=cutoff');
    expect(answer.releases[1]).toMatchObject({
      version: '3.11',
      how: 'likely successor',
      relation: 'same activity, other product',
      dataset: { id: row?.from_id },
      fields: ['product', 'description'],
    });
  });

  it('follows a dataset release by release, so each release reads its lineage alike', async () => {
    // Datasets that 3.12 gave a new ID (moved, product renamed, re-identified) whose 3.11
    // predecessor kept its ID from 3.10: the history of the 3.12 one must reach that ID in 3.10,
    // as the history from 3.11 does, however many other datasets 3.10 and 3.12 differ by.
    const step12 = (await truth('3.11', '3.12')).filter(
      (row) => row.from_id !== null && row.to_id !== null && row.from_id !== row.to_id,
    );
    const kept11 = new Set(
      (await truth('3.10', '3.11'))
        .filter((row) => row.from_id !== null && row.from_id === row.to_id)
        .map((row) => row.from_id),
    );
    const cases = step12.filter((row) => kept11.has(row.from_id)).slice(0, 25);
    expect(cases.length).toBeGreaterThan(5);
    let followed = 0;
    for (const row of cases) {
      const { answer } = await history(row.to_id ?? 0, 'version=3.12&system_model=cutoff');
      const [, in311, in310] = answer.releases;
      const { answer: from311 } = await history(
        row.from_id ?? 0,
        'version=3.11&system_model=cutoff',
      );
      // Whatever 3.11 was found to be, 3.10 is what the history from 3.11 says it was there.
      if (in311?.dataset?.id === row.from_id) {
        followed++;
        expect(in310?.dataset?.id).toBe(row.from_id);
        expect(in310?.how).toBe(in311.how);
        expect(from311.releases[2]?.dataset?.id).toBe(row.from_id);
      }
    }
    expect(followed).toBeGreaterThan(0);

    // An upgrade check and the changes from 3.10 follow them through 3.11 alike.
    const entries: ListEntry[] = cases.map((row, i) => ({
      line: i + 1,
      kind: 'id',
      id: row.from_id ?? 0,
    }));
    const { answer: checked } = await upgrade(
      'version=3.12&system_model=cutoff&from=3.10',
      entries,
    );
    const { answer: changed } = await changes('version=3.12&system_model=cutoff&from=3.10');
    for (const [i, row] of cases.entries()) {
      const { answer } = await history(row.to_id ?? 0, 'version=3.12&system_model=cutoff');
      if (answer.releases[2]?.dataset?.id !== row.from_id) continue;
      const result = checked.results[i];
      expect(result?.target?.id ?? result?.candidates[0]?.dataset.id).toBe(row.to_id);
      const listed = changed.rows.find((r) => r.from?.id === row.from_id);
      expect(listed?.to?.id).toBe(row.to_id);
    }
  });

  it('compares the releases nearest the one asked about, as many as the proxy holds at once', async () => {
    const listed = ['3.12', '3.11', '3.10', '3.9.1', '3.9', '3.8', '3.7.1', '3.7', '3.6'];
    expect(nearestReleases(listed, '3.12', 6)).toEqual({
      kept: ['3.12', '3.11', '3.10', '3.9.1', '3.9', '3.8'],
      omitted: ['3.7.1', '3.7', '3.6'],
    });
    expect(nearestReleases(listed, '3.9', 4)).toEqual({
      kept: ['3.10', '3.9.1', '3.9', '3.8'],
      omitted: ['3.12', '3.11', '3.7.1', '3.7', '3.6'],
    });
    // The emulator lists three: none left out.
    const { answer } = await history(8279, 'version=3.12&system_model=cutoff');
    expect(answer.omitted).toEqual([]);
  });

  it('answers 404 for a dataset the release lacks', async () => {
    await history(8279, 'version=3.12');
    const response = await proxy.app.inject({
      url: '/api/datasets/99999999/history?version=3.12',
      headers: auth,
    });
    expect(response.statusCode).toBe(404);
  });
});
