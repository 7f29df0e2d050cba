import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvidenceCheckSchema, type CheckRow } from '../../shared/api/evidence';
import {
  DatasetPageSchema,
  DatasetSchema,
  SearchResultsSchema,
  type Dataset,
} from '../../shared/api/schemas';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { EXPLORER_VERSION } from '../version';
import { openedProxies } from '../testing/opened-proxies';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let user: { authorization: string };
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}
const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;

const scored = async (on: Proxy, id: number, indicators = '882,964') => {
  const response = await on.app.inject({
    url: `/api/datasets/${id}?${RELEASE}&indicator_ids=${indicators}`,
    headers: user,
  });
  expect(response.statusCode).toBe(200);
  return DatasetSchema.parse(response.json());
};

/** A scores export's rows of one dataset answer, as the tidy layout holds them. */
const rowsOf = (dataset: Dataset, first = 2): CheckRow[] =>
  dataset.impact_scores.map((score, i) => ({
    row: first + i,
    service: dataset.provenance?.service ?? null,
    version: '3.12',
    system_model: 'cutoff',
    dataset_id: dataset.id,
    activity_uuid: dataset.activity_spold_uuid,
    product_uuid: dataset.product_spold_uuid,
    indicator_id: score.id,
    score: score.score,
    unit: score.unit,
    retrieved_at: dataset.provenance?.retrieved_at ?? null,
    digest: dataset.provenance?.digest ?? null,
  }));

const check = async (on: Proxy, rows: unknown, headers: Record<string, string> = user) =>
  on.app.inject({ method: 'POST', url: '/api/evidence/check', headers, payload: { rows } });

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  user = {
    authorization: `Bearer ${
      (
        await signInWithCode({
          emulatorOrigin: emulator.origin,
          redirectOrigin: 'http://spa.test',
          username: 'demo',
        })
      ).access_token
    }`,
  };
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('provenance on every scored answer', () => {
  it('names the service, the time the proxy got it, the explorer version and a digest, kept by the cache', async () => {
    const on = await proxy();
    const before = Date.now();
    const first = await scored(on, 8279);
    expect(first.provenance?.service).toBe(`${new URL(emulator.origin).host}/v0`);
    expect(first.provenance?.explorer_version).toBe(EXPLORER_VERSION);
    expect(first.provenance?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const at = Date.parse(first.provenance?.retrieved_at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Asked again: the cached answer, with the time it was got, not the time it was asked.
    const calls = await apiRequests();
    expect((await scored(on, 8279)).provenance).toEqual(first.provenance);
    expect(await apiRequests()).toBe(calls);
    // Documentation costs nothing and carries no scores, so no provenance of scores either.
    const documentation = await on.app.inject({
      url: `/api/datasets/8279?${RELEASE}`,
      headers: user,
    });
    expect(DatasetSchema.parse(documentation.json()).provenance).toBeUndefined();
  });

  it('says "demo data" for the embedded emulator, in the answer and in /api/config', async () => {
    const on = await proxy({ DATA_API_EMULATED: 'true' });
    expect((await scored(on, 2989, '882')).provenance?.service).toBe('demo data');
    const config = (await on.app.inject({ url: '/api/config' })).json<{
      dataService: { name: string };
      explorer: { version: string };
      licence: { holder: string | null };
    }>();
    expect(config.dataService.name).toBe('demo data');
    expect(config.explorer.version).toBe(EXPLORER_VERSION);
    expect(config.licence.holder).toBe('Demo organisation');
  });

  it('gives each dataset of a scored batch page a digest of its own', async () => {
    const on = await proxy();
    const response = await on.app.inject({
      method: 'POST',
      url: `/api/datasets/batch?${RELEASE}`,
      headers: user,
      payload: { dataset_ids: [8279, 2989, 7773], indicator_ids: [882] },
    });
    const page = DatasetPageSchema.parse(response.json());
    expect(page.datasets).toHaveLength(3);
    const digests = page.datasets.map((dataset) => dataset.provenance?.digest);
    expect(new Set(digests).size).toBe(3);
    for (const digest of digests) expect(digest).toMatch(/^sha256:/);
    // A page without scores is documentation: no provenance.
    const free = await on.app.inject({
      method: 'POST',
      url: `/api/datasets/batch?${RELEASE}`,
      headers: user,
      payload: { dataset_ids: [8279] },
    });
    expect(DatasetPageSchema.parse(free.json()).datasets[0]?.provenance).toBeUndefined();
  });
});

describe('POST /api/evidence/check', () => {
  it('vouches for rows as they were served and names each row changed, and what in it', async () => {
    const on = await proxy();
    const dataset = await scored(on, 8279);
    const rows = rowsOf(dataset);
    expect(rows).toHaveLength(2);
    const calls = await apiRequests();
    const asServed = EvidenceCheckSchema.parse((await check(on, rows)).json());
    expect(asServed.rows.map((row) => row.status)).toEqual(['match', 'match']);
    expect(asServed.rows[0]?.retrieved_at).toBe(dataset.provenance?.retrieved_at);
    // The check is free: the data service is asked nothing.
    expect(await apiRequests()).toBe(calls);

    const [first, second] = rows as [CheckRow, CheckRow];
    const changed = [
      { ...first, score: (first.score ?? 0) * 1.01 },
      second,
      { ...second, row: 4, retrieved_at: '2020-01-01T00:00:00.000Z' },
      { ...second, row: 5, unit: 'kg CO2-Eq (per tonne)' },
      { ...second, row: 6, dataset_id: 2989, indicator_id: 999_999 },
      { ...second, row: 7, score: null },
    ];
    const answer = EvidenceCheckSchema.parse((await check(on, changed)).json());
    expect(answer.rows.map(({ row, status, fields }) => ({ row, status, fields }))).toEqual([
      { row: 2, status: 'differs', fields: ['score'] },
      { row: 3, status: 'match', fields: [] },
      { row: 4, status: 'differs', fields: ['retrieved_at'] },
      { row: 5, status: 'differs', fields: ['score'] },
      { row: 6, status: 'differs', fields: ['dataset_id', 'indicator_id'] },
      { row: 7, status: 'differs', fields: ['score'] },
    ]);
    expect(answer.counts).toMatchObject({ match: 1, differs: 5 });
  });

  it('cannot vouch for an unknown digest, another service or a row without one, and says so', async () => {
    const on = await proxy();
    const [row] = rowsOf(await scored(on, 8279)) as [CheckRow];
    const answer = EvidenceCheckSchema.parse(
      (
        await check(on, [
          { ...row, digest: `sha256:${'0'.repeat(64)}` },
          { ...row, row: 3, service: 'api.ecoinvent.org/v0' },
          { ...row, row: 4, digest: null },
        ])
      ).json(),
    );
    expect(answer.rows.map((r) => r.status)).toEqual(['unknown', 'other service', 'no evidence']);
    expect(answer.service).toBe(`${new URL(emulator.origin).host}/v0`);
    // Another proxy (its own evidence, in memory) has never seen this answer.
    const other = await proxy();
    const elsewhere = EvidenceCheckSchema.parse((await check(other, [row])).json());
    expect(elsewhere.rows[0]?.status).toBe('unknown');
  });

  it('refuses bad input with a 400 naming the field, and a caller without a token with 401', async () => {
    const on = await proxy();
    const [row] = rowsOf(await scored(on, 8279)) as [CheckRow];
    const calls = await apiRequests();
    for (const bad of [
      [],
      [{ ...row, score: 'twelve' }],
      [{ ...row, extra: 1 }],
      [{ ...row, dataset_id: -1 }],
    ]) {
      const response = await check(on, bad);
      expect(response.statusCode).toBe(400);
      expect(ProblemSchema.parse(response.json()).code).toBe('validation_failed');
    }
    const unsigned = await check(on, [row], {});
    expect(unsigned.statusCode).toBe(401);
    expect(await apiRequests()).toBe(calls);
  });
});

describe('the evidence folder (EVIDENCE_DIR)', () => {
  it('keeps the evidence across a restart, and no more than EVIDENCE_MAX_RECORDS answers', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'evidence-')), 'kept');
    const env = { EVIDENCE_DIR: dir, EVIDENCE_MAX_RECORDS: '4' };
    const first = await proxy(env);
    const search = SearchResultsSchema.parse(
      (await first.app.inject({ url: `/api/datasets?${RELEASE}&limit=20`, headers: user })).json(),
    );
    const ids = search.results.flatMap((a) =>
      a.products.flatMap((p) => p.datasets.map((d) => d.id)),
    );
    expect(ids.length).toBeGreaterThanOrEqual(7);
    const early = rowsOf(await scored(first, 8279, '882'));
    const later = [];
    for (const id of ids.slice(0, 6)) later.push(...rowsOf(await scored(first, id, '882')));
    await first.app.close();

    const again = await proxy(env);
    const answer = EvidenceCheckSchema.parse((await check(again, [...early, ...later])).json());
    const statuses = answer.rows.map((row) => row.status);
    // The newest answers are kept; the oldest went first, past the cap.
    expect(statuses[0]).toBe('unknown');
    expect(statuses.slice(-3)).toEqual(['match', 'match', 'match']);
    expect(statuses.filter((status) => status === 'match').length).toBeLessThanOrEqual(4);
    expect(answer.kept_at_most).toBe(4);
  });
});
