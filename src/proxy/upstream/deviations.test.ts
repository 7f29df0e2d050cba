import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DatasetPageSchema,
  DatasetSchema,
  IndicatorsSchema,
  SearchResultsSchema,
  UPSTREAM_FIELDS,
} from '../../shared/api/schemas';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { openedProxies } from '../testing/opened-proxies';

// Each way the real service may deviate (issue 20), played by the emulator and met through the
// proxy as the explorer meets it: either it works unchanged, or the answer is a clear error.
// Never a 200 with a shorter list or a value turned null.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let token: string;
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

/** A proxy set as `check:upstream` would set it for the emulator as its faults now stand. */
async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, { UPSTREAM_RETRY_MS: '5000', ...env });
  opened.keep(built);
  return built;
}
const get = (p: Proxy, url: string) =>
  p.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const batch = (p: Proxy, ids: number[], query = '') =>
  p.app.inject({
    method: 'POST',
    url: `/api/datasets/batch?${RELEASE}&limit=${Math.min(ids.length, 100)}${query}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { dataset_ids: ids },
  });
const faults = (body: Record<string, unknown>) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;
const problem = (response: { json: () => unknown }) => ProblemSchema.parse(response.json());

/** Up to `n` dataset IDs of the release, as its search lists them (no fault on). */
async function someIds(n: number): Promise<number[]> {
  const p = await proxy();
  const page = SearchResultsSchema.parse(
    (await get(p, `/api/datasets?${RELEASE}&limit=100`)).json(),
  );
  return [
    ...new Set(page.results.flatMap((a) => a.products.flatMap((d) => d.datasets.map((x) => x.id)))),
  ].slice(0, n);
}

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: 'documented' });
  token = (
    await signInWithCode({ emulatorOrigin: emulator.origin, redirectOrigin: 'http://spa.test' })
  ).access_token;
});
afterEach(async () => {
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('never a 200 with a value turned null or a list cut short', () => {
  const needed = Object.entries(UPSTREAM_FIELDS.dataset)
    .filter(([, rule]) => rule.mayBe === 'never')
    .map(([field]) => field)
    .filter((field) => field !== 'id' && field !== 'impact_scores');

  it.each(needed)(
    'a dataset whose %s turned null is a 502 on every route that carries it',
    async (field) => {
      const ids = await someIds(3);
      const uuid = await activityUuid();
      await faults({ null_field: field });
      const p = await proxy();
      for (const response of [
        await get(p, `/api/datasets/8279?${RELEASE}`),
        await batch(p, ids),
        await get(p, `/api/datasets/spold?${RELEASE}&activity_spold_uuid=${uuid}`),
      ]) {
        expect(response.statusCode, response.body).toBe(502);
        expect(problem(response).code).toBe('upstream_shape');
      }
    },
  );

  it('a search row whose geography turned null is a 502, never a row without one', async () => {
    await faults({ null_field: 'geography' });
    const response = await get(await proxy(), `/api/datasets?${RELEASE}&query=electricity`);
    expect(response.statusCode).toBe(502);
  });

  it('a list cut short by a page cap nobody mentions is a 502 wherever the proxy reads one', async () => {
    const ids = await someIds(100);
    // A service that gives 50 a page whatever it is asked, with and without a total.
    await faults({ max_limit: 50, over_limit: 'clamp', indicator_paging: true });
    const p = await proxy({ DATA_API_PAGE_SIZE: '100' });
    for (const response of [
      await get(p, `/api/datasets?${RELEASE}&limit=100`),
      await get(p, `/api/indicators?${RELEASE}`),
      await batch(p, ids),
    ]) {
      expect(response.statusCode, response.body).toBe(502);
      expect(problem(response).code).toBe('upstream_paging');
    }
    await faults({ omit_total: true });
    const q = await proxy({ DATA_API_PAGE_SIZE: '100' });
    for (const response of [
      await get(q, `/api/indicators?${RELEASE}`),
      await get(q, `/api/datasets?${RELEASE}&limit=100`),
    ]) {
      expect(response.statusCode, response.body).toBe(502);
      expect(problem(response).code).toBe('upstream_paging');
    }
  });

  async function activityUuid(): Promise<string> {
    const p = await proxy();
    return DatasetSchema.parse((await get(p, `/api/datasets/8279?${RELEASE}`)).json())
      .activity_spold_uuid as string;
  }
});

describe('each deviation through the proxy', () => {
  it('a field renamed to an unknown name: 502 upstream_shape; to a known one: read', async () => {
    await faults({ rename_field: { from: 'geography', to: 'geo_label' } });
    const renamed = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(renamed.statusCode).toBe(502);
    expect(problem(renamed).code).toBe('upstream_shape');
    await faults({ rename_field: { from: 'geography', to: 'location' } });
    const alias = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(DatasetSchema.parse(alias.json()).geography).toBe('Mexico (MX)');
  });

  it('indicators paged without a total: every one of them, read to the end', async () => {
    const whole = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    await faults({ indicator_paging: true, omit_total: true, max_limit: 50 });
    const before = await apiRequests();
    const paged = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    expect(paged.indicators).toEqual(whole.indicators);
    // 611 in pages of 50: 13 pages, the last short, then one more that says it was the end.
    expect((await apiRequests()) - before).toBe(13 + 1);
  });

  it('a search paged by another parameter than the proxy sends: page 2 is a 502, never page 1 again', async () => {
    await faults({ paging: 'page' });
    const p = await proxy({ DATA_API_SEARCH_PAGING: 'from' });
    expect((await get(p, `/api/datasets?${RELEASE}&limit=20`)).statusCode).toBe(200);
    const second = await get(p, `/api/datasets?${RELEASE}&limit=20&from=20`);
    expect(second.statusCode).toBe(502);
    expect(problem(second).code).toBe('upstream_paging');
    // Set as the check finds it, page 2 is page 2.
    const fixed = await proxy({ DATA_API_SEARCH_PAGING: 'page' });
    const first = SearchResultsSchema.parse(
      (await get(fixed, `/api/datasets?${RELEASE}&limit=20`)).json(),
    );
    const next = SearchResultsSchema.parse(
      (await get(fixed, `/api/datasets?${RELEASE}&limit=20&from=20`)).json(),
    );
    expect(next.results.map((r) => r.name)).not.toContain(first.results[0]?.name);
  });

  it('a page cap below what the explorer sends: full pages and batches of 100, asked in pages of DATA_API_PAGE_SIZE', async () => {
    const ids = await someIds(100);
    await faults({ max_limit: 50, over_limit: 'refuse' });
    const p = await proxy({ DATA_API_PAGE_SIZE: '50' });
    const page = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=100`)).json(),
    );
    expect(page.results).toHaveLength(100);
    const answer = DatasetPageSchema.parse((await batch(p, ids)).json());
    expect(answer.datasets.map((d) => d.id)).toEqual(ids);
  });

  it('score rows in another shape: a 502, and no score shown', async () => {
    await faults({ score_shape: 'renamed' });
    const response = await get(await proxy(), `/api/datasets/8279?${RELEASE}&indicator_ids=882`);
    expect(response.statusCode).toBe(502);
    expect(problem(response).code).toBe('upstream_shape');
  });

  it('429 bursts on free calls: waited out and asked again; a scored call is never asked twice', async () => {
    await faults({ rate_limit_burst: { count: 2 }, retry_after_seconds: 1 });
    const p = await proxy();
    expect((await get(p, `/api/indicators?${RELEASE}`)).statusCode).toBe(200);
    await faults({ rate_limit_rate: 1, retry_after_seconds: 1 });
    const before = await apiRequests();
    const scored = await get(p, `/api/datasets/8279?${RELEASE}&indicator_ids=882`);
    expect(scored.statusCode).toBe(503);
    expect(problem(scored).code).toBe('upstream_busy');
    expect(scored.headers['retry-after']).toBe('1');
    expect((await apiRequests()) - before).toBe(1);
  });

  it('a busy service that asks for more than a page may wait: 503 upstream_busy with its Retry-After', async () => {
    await faults({ rate_limit_rate: 1, retry_after_seconds: 30 });
    const response = await get(await proxy(), `/api/indicators?${RELEASE}`);
    expect(response.statusCode).toBe(503);
    expect(problem(response).code).toBe('upstream_busy');
    expect(response.headers['retry-after']).toBe('30');
  });

  it('a token answer without token_type: taken as bearer', async () => {
    await faults({ token_answer: 'recorded' });
    expect((await get(await proxy(), `/api/indicators?${RELEASE}`)).statusCode).toBe(200);
  });

  it('a trailing-slash redirect: followed once on the same origin', async () => {
    await faults({ redirect: 'trailing-slash' });
    const response = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(DatasetSchema.parse(response.json()).id).toBe(8279);
  });

  it('a redirect to another origin: a 502 naming it, never followed', async () => {
    await faults({ redirect: 'other-origin' });
    const response = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(response.statusCode).toBe(502);
    expect(problem(response).detail).toContain(
      'to another origin (http://127.0.0.1:9/v0/datasets/8279)',
    );
  });

  it('HTML error pages: a missing dataset is not “not found” on a page that is not the API’s, and no HTML reaches the explorer', async () => {
    await faults({ html_errors: true });
    const p = await proxy();
    const missing = await get(p, `/api/datasets/99999999?${RELEASE}`);
    expect(missing.statusCode).toBe(502);
    expect(problem(missing).detail).toContain('HTTP 404 with an HTML page');
    await faults({ error_rate: 1 });
    const failed = await get(p, `/api/indicators?${RELEASE}`);
    expect(failed.statusCode).toBe(502);
    expect(failed.body).not.toMatch(/<html|nginx/);
  });
});
