import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DatasetPageSchema,
  DatasetSchema,
  IndicatorsSchema,
  ReleasesSchema,
  SearchResultsSchema,
  UsageSchema,
} from '../../../shared/api/schemas';
import { PublicConfigSchema } from '../../../shared/config';
import { ProblemSchema } from '../../../shared/problem';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import type { Proxy } from '../../app';
import { proxyOnStub } from '../../testing/emulator-proxy';
import { proxyConfigFromEnv } from '../../config';
import { datasetBody, startUpstreamStub, type ScriptedAnswer } from '../../testing/upstream-stub';
import { openedProxies } from '../../testing/opened-proxies';

// Each shape issue 11 names, served by a scripted data service and read through the proxy.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let stub: Awaited<ReturnType<typeof startUpstreamStub>>;
let token: string;
const opened = openedProxies();

async function proxy(env: Record<string, string> = {}, logs?: string[]) {
  const built = await proxyOnStub(
    stub,
    emulator,
    { LOG_LEVEL: logs ? 'info' : 'silent', ...env },
    {
      ...(logs
        ? {
            logStream: new Writable({
              write(chunk: Buffer, _encoding, done) {
                logs.push(chunk.toString());
                done();
              },
            }),
          }
        : {}),
    },
  );
  opened.keep(built);
  return built;
}

const get = async (p: Proxy, url: string) =>
  p.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

/** Serves `answers` by path (under /v0), anything else as the stub's defaults. */
const serve =
  (answers: Record<string, ScriptedAnswer>): ScriptedAnswer =>
  (url, body) =>
    answers[url.pathname.replace(/^\/v0/, '')]?.(url, body);
const json = (body: unknown) => () => ({ body });
const upstreamPaths = () => stub.requests.map((r) => r.url);

beforeAll(async () => {
  emulator = await startTestEmulator();
  stub = await startUpstreamStub();
  token = (
    await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username: 'demo',
    })
  ).access_token;
});
afterEach(() => {
  stub.state.script = undefined;
  stub.requests.length = 0;
});
afterAll(async () => {
  await opened.closeAll();
  await stub.close();
  await emulator.close();
});

describe('/versions', () => {
  it('reads {results} with one entry per version', async () => {
    stub.state.script = serve({
      '/versions': json({
        results: [
          { version: '3.11', system_models: ['cutoff'], release_date: '2024-12-10' },
          { version: '3.12', system_models: ['cutoff', 'apos'], release_date: '2025-11-05' },
        ],
      }),
    });
    const body = ReleasesSchema.parse((await get(await proxy(), '/api/versions')).json());
    expect(body).toEqual({
      latest: '3.12',
      releases: [
        {
          version: '3.12',
          system_models: ['cutoff', 'apos'],
          release_date: '2025-11-05',
          kind: 'release',
        },
        { version: '3.11', system_models: ['cutoff'], release_date: '2024-12-10', kind: 'release' },
      ],
    });
  });

  it('reads a bare list with one entry per version × system model and counts, never choosing a sandbox as latest', async () => {
    stub.state.script = serve({
      '/versions': json([
        { version: '3.12-sandbox', system_model: 'cutoff', datasets: 10094, indicators: 611 },
        { version: '3.12', system_model: 'cutoff', release_date: '2025-11-05', datasets: 21922 },
        { version: '3.12', system_model: 'apos', release_date: '2025-11-05', datasets: 22100 },
        { version: '3.11', system_model: 'cutoff', datasets: 20600 },
      ]),
    });
    const body = ReleasesSchema.parse((await get(await proxy(), '/api/versions')).json());
    expect(body.latest).toBe('3.12');
    expect(body.releases.map((r) => [r.version, r.system_models, r.kind])).toEqual([
      ['3.12-sandbox', ['cutoff'], 'other'],
      ['3.12', ['cutoff', 'apos'], 'release'],
      ['3.11', ['cutoff'], 'release'],
    ]);
    // `latest` in a request means the release, not the sandbox.
    stub.state.script = serve({
      '/versions': json([
        { version: '3.12-sandbox', system_model: 'cutoff' },
        { version: '3.12', system_model: 'cutoff' },
      ]),
    });
    const p = await proxy();
    await get(p, '/api/indicators');
    expect(upstreamPaths().at(-1)).toBe(
      '/v0/indicators?from=0&limit=100&system_model=cutoff&version=3.12',
    );
  });

  it('names the failing field of the closest shape it knows, never “(the whole answer): invalid_union”', async () => {
    stub.state.script = serve({
      '/versions': json({ results: [{ version: 3.12, system_models: ['cutoff'] }] }),
    });
    const logs: string[] = [];
    const response = await get(await proxy({}, logs), '/api/versions');
    expect(response.statusCode).toBe(502);
    expect(logs.join('')).toContain('results[].version: expected string, got number');
    expect(logs.join('')).not.toContain('invalid_union');
  });

  it('takes a sandbox as latest when the licence holds nothing else', async () => {
    stub.state.script = serve({
      '/versions': json([{ version: '3.12-sandbox', system_model: 'cutoff' }]),
    });
    const body = ReleasesSchema.parse((await get(await proxy(), '/api/versions')).json());
    expect(body.latest).toBe('3.12-sandbox');
  });
});

describe('/indicators', () => {
  const flat = (id: number, method: string) => ({
    id,
    method,
    category: 'climate change',
    indicator: `GWP100 ${id}`,
    unit: 'kg CO2-Eq',
  });

  it('reads a bare flat list', async () => {
    stub.state.script = serve({ '/indicators': json([flat(1, 'A'), flat(2, 'B')]) });
    const body = IndicatorsSchema.parse(
      (await get(await proxy(), '/api/indicators?version=3.12')).json(),
    );
    expect(body.indicators.map((i) => i.id)).toEqual([1, 2]);
  });

  it('reads methods nesting categories nesting indicators, following the pages of DATA_API_PAGE_SIZE to the end', async () => {
    const methods = ['EF v3.1', 'IPCC 2021', 'CML v4.8 2016'].map((method, m) => ({
      method,
      categories: [
        {
          category: 'climate change',
          indicators: [
            { id: 100 + m, indicator: 'global warming potential (GWP100)', unit: 'kg CO2-Eq' },
          ],
        },
        {
          name: 'acidification',
          indicators: [{ id: 200 + m, name: 'accumulated exceedance', unit: 'mol H+-Eq' }],
        },
      ],
    }));
    stub.state.script = serve({
      '/indicators': (url) => {
        const from = Number(url.searchParams.get('from') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 2);
        return { body: { total: methods.length, results: methods.slice(from, from + limit) } };
      },
    });
    const body = IndicatorsSchema.parse(
      (await get(await proxy({ DATA_API_PAGE_SIZE: '2' }), '/api/indicators?version=3.12')).json(),
    );
    expect(body.indicators).toHaveLength(6);
    expect(body.indicators.find((i) => i.id === 202)).toEqual({
      id: 202,
      method: 'CML v4.8 2016',
      category: 'acidification',
      indicator: 'accumulated exceedance',
      unit: 'mol H+-Eq',
    });
    expect(upstreamPaths()).toEqual([
      '/v0/indicators?from=0&limit=2&system_model=cutoff&version=3.12',
      '/v0/indicators?from=2&limit=2&system_model=cutoff&version=3.12',
    ]);
  });
});

describe('search', () => {
  /** A search of `rows` activities, paged by `style` (`none`: paging ignored), capped at `cap`. */
  const pagedSearch =
    (options: { rows?: number; style?: string; cap?: number; total?: boolean } = {}) =>
    (url: URL) => {
      const { rows = 30, style = 'from', cap = 100, total = true } = options;
      const limit = Math.min(cap, Number(url.searchParams.get('limit') ?? 10));
      const at =
        style === 'page'
          ? (Number(url.searchParams.get('page') ?? 1) - 1) * limit
          : style === 'none'
            ? 0
            : Number(url.searchParams.get(style) ?? 0);
      const results = Array.from({ length: rows }, (_, i) => ({
        name: `activity ${i}`,
        activity_type: 'MARKET_ACTIVITY',
        products: [
          { name: 'electricity', unit: 'kWh', datasets: [{ id: i + 1, geography: 'Mexico (MX)' }] },
        ],
      })).slice(at, at + limit);
      return { body: total ? { total: rows, results } : { results } };
    };
  const search = async (env: Record<string, string>, query: string) =>
    get(await proxy(env), `/api/datasets?version=3.12&${query}`);
  const names = (response: Awaited<ReturnType<typeof search>>) =>
    SearchResultsSchema.parse(response.json()).results.map((r) => r.name);
  const sentWith = (name: string) =>
    upstreamPaths()
      .map((path) => new URL(path, 'http://x').searchParams)
      .filter((q) => q.has(name));

  it('pages by from by default, and answers activity types as prose', async () => {
    // Past the first 100, which the proxy reads whole to put names starting with the words first.
    stub.state.script = serve({ '/datasets': pagedSearch({ rows: 250 }) });
    const response = await search({}, 'query=electricity&from=120&limit=10');
    const body = SearchResultsSchema.parse(response.json());
    expect(body.results[0]?.activity_type).toBe('market activity');
    expect(names(response)).toEqual(Array.from({ length: 10 }, (_, i) => `activity ${120 + i}`));
    expect(sentWith('from').map((q) => q.get('from'))).toContain('120');
    expect(sentWith('offset')).toEqual([]);
  });

  it.each([
    ['offset', 'limit=10&offset=20'],
    ['page', 'limit=10&page=3'],
  ])('pages by %s when DATA_API_SEARCH_PAGING says so', async (style, sent) => {
    stub.state.script = serve({ '/datasets': pagedSearch({ style }) });
    const response = await search({ DATA_API_SEARCH_PAGING: style }, 'from=20&limit=10');
    expect(names(response)).toEqual(Array.from({ length: 10 }, (_, i) => `activity ${20 + i}`));
    expect(upstreamPaths().some((path) => path.includes(sent))).toBe(true);
  });

  it('answers 502 upstream_paging, never page 1 again, when the service ignores the paging parameter', async () => {
    stub.state.script = serve({ '/datasets': pagedSearch({ style: 'page' }) });
    const response = await search({}, 'from=20&limit=10');
    expect(response.statusCode).toBe(502);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('upstream_paging');
    expect(problem.detail).toContain('does not page by from');
  });

  it('counts the results when the service gives no total, reading to the end', async () => {
    stub.state.script = serve({ '/datasets': pagedSearch({ rows: 250, total: false }) });
    const response = await search({}, 'from=0&limit=20');
    expect(SearchResultsSchema.parse(response.json()).total).toBe(250);
  });

  it('asks a page of 100 in pages of DATA_API_PAGE_SIZE', async () => {
    stub.state.script = serve({ '/datasets': pagedSearch({ rows: 250, cap: 50 }) });
    const response = await search({ DATA_API_PAGE_SIZE: '50' }, 'from=100&limit=100');
    expect(names(response)).toEqual(Array.from({ length: 100 }, (_, i) => `activity ${100 + i}`));
    // Pages of 50 (the page asked, then the first rows it must not repeat), and one row asked
    // past the total to vouch for it: nothing is there, so the total holds.
    const sent = sentWith('limit').map((q) => `${q.get('from')}+${q.get('limit')}`);
    expect(sent).toEqual(['100+50', '150+50', '0+50', '50+50', '250+1']);
    expect(SearchResultsSchema.parse(response.json()).total_at_least).toBeUndefined();
  });

  it('answers 502 upstream_paging, never a shorter page, when the service gives fewer than asked', async () => {
    stub.state.script = serve({ '/datasets': pagedSearch({ rows: 250, cap: 50 }) });
    const response = await search({}, 'from=0&limit=100');
    expect(response.statusCode).toBe(502);
    expect(ProblemSchema.parse(response.json()).detail).toContain(
      'held 50 items where a total of 250 means 100',
    );
  });
});

describe('dataset objects', () => {
  it('reads a dataset whose impact_scores are absent, text fields null, and extra fields unknown', async () => {
    const withoutScores: Partial<ReturnType<typeof datasetBody>> = datasetBody(4125);
    delete withoutScores.impact_scores;
    stub.state.script = serve({
      '/datasets/4125': json({
        ...withoutScores,
        description: null,
        isic_class: null,
        activity_type: 'MARKET_GROUP',
        last_modified: '2025-11-05',
      }),
    });
    const response = await get(await proxy(), '/api/datasets/4125?version=3.12');
    const body = DatasetSchema.parse(response.json());
    expect(body.impact_scores).toEqual([]);
    expect(body.description).toBeNull();
    expect(body.isic_class).toBeNull();
    expect(body.activity_type).toBe('market group');
    expect(response.body).not.toContain('last_modified');
  });

  it('reads a batch page whose scores are null', async () => {
    stub.state.script = serve({
      '/datasets/batch': json({
        total: 1,
        datasets: [{ ...datasetBody(7), impact_scores: null, sectors: null }],
      }),
    });
    const p = await proxy();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12',
      headers: { authorization: `Bearer ${token}` },
      payload: { dataset_ids: [7] },
    });
    const body = DatasetPageSchema.parse(response.json());
    expect(body.datasets[0]?.impact_scores).toEqual([]);
    expect(body.datasets[0]?.sectors).toEqual([]);
  });

  describe('by the field list (UPSTREAM_FIELDS): null, absent and renamed are three answers', () => {
    const dataset = async (body: Record<string, unknown>, query = '', logs?: string[]) => {
      stub.state.script = serve({ '/datasets/4125': json(body) });
      return get(await proxy({}, logs), `/api/datasets/4125?version=3.12${query}`);
    };
    const without = (field: string, extra: Record<string, unknown> = {}) => {
      const body: Record<string, unknown> = { ...datasetBody(4125), ...extra };
      return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
    };

    it('takes null where the list allows it, and refuses it where the explorer needs the field', async () => {
      expect((await dataset({ ...datasetBody(4125), time_period: null })).statusCode).toBe(200);
      const logs: string[] = [];
      const response = await dataset({ ...datasetBody(4125), geography: null }, '', logs);
      expect(response.statusCode).toBe(502);
      expect(ProblemSchema.parse(response.json()).code).toBe('upstream_shape');
      expect(logs.join('')).toContain('geography: null, which the explorer cannot do without');
    });

    it('refuses a field left out, even one that may be null: absent is not null', async () => {
      const logs: string[] = [];
      const response = await dataset(without('description'), '', logs);
      expect(response.statusCode).toBe(502);
      expect(logs.join('')).toContain('"description: absent"');
    });

    it('names both paths when a field is missing beside one it does not know', async () => {
      const logs: string[] = [];
      const response = await dataset(without('geography', { geo_label: 'Mexico (MX)' }), '', logs);
      expect(response.statusCode).toBe(502);
      expect(logs.join('')).toContain(
        'geography: absent, while geo_label is there, which the adapter does not know (renamed?)',
      );
      expect(logs.join('')).not.toContain('Mexico');
    });

    it('maps a rename it knows, and reports it', async () => {
      const logs: string[] = [];
      const response = await dataset(without('geography', { location: 'Mexico (MX)' }), '', logs);
      expect(DatasetSchema.parse(response.json()).geography).toBe('Mexico (MX)');
      expect(logs.join('')).toContain('renamed fields mapped: location → geography');
    });

    it('refuses a scored answer whose scores are absent, or whose rows are in another shape', async () => {
      const scored = '&indicator_ids=882';
      expect((await dataset(without('impact_scores'), scored)).statusCode).toBe(502);
      const logs: string[] = [];
      const other = await dataset(
        {
          ...datasetBody(4125),
          impact_scores: [
            {
              indicator_id: 882,
              value: 0.5,
              unit: 'kg',
              method: 'm',
              category: 'c',
              indicator: 'i',
            },
          ],
        },
        scored,
        logs,
      );
      expect(other.statusCode).toBe(502);
      expect(logs.join('')).toContain(
        'impact_scores[].id: absent, while impact_scores[].indicator_id',
      );
    });

    it('reads a marker as no score, and refuses a number written as text rather than guess it', async () => {
      const scored = '&indicator_ids=882';
      const row = (score: unknown) => ({
        ...datasetBody(4125),
        impact_scores: [{ id: 882, score, unit: 'kg', method: 'm', category: 'c', indicator: 'i' }],
      });
      const marked = await dataset(row('not computable'), scored);
      expect(DatasetSchema.parse(marked.json()).impact_scores[0]?.score).toBeNull();
      const logs: string[] = [];
      const text = await dataset(row('12.5'), scored, logs);
      expect(text.statusCode).toBe(502);
      expect(logs.join('')).toContain('impact_scores[].score');
      expect(logs.join('')).not.toContain('12.5');
    });
  });

  it('answers 502 upstream_shape naming the route, and logs the failing paths without values', async () => {
    stub.state.script = serve({
      '/datasets': json({
        total: 1,
        results: [
          {
            name: 'secret-activity-name',
            activity_type: 'x',
            products: [{ title: 'secret-product-title' }],
          },
        ],
      }),
    });
    const logs: string[] = [];
    const response = await get(await proxy({}, logs), '/api/datasets?version=3.12');
    expect(response.statusCode).toBe(502);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('upstream_shape');
    expect(problem.detail).toContain('GET /datasets');
    const logged = logs.join('');
    expect(logged).toContain(
      'results[].products[].name: absent, while results[].products[].title is there',
    );
    expect(logged).not.toContain('secret-activity-name');
    expect(logged).not.toContain('secret-product-title');
  });
});

describe('a scored batch of 100 asked in pages of DATA_API_PAGE_SIZE', () => {
  const scored = (id: number) => ({
    ...datasetBody(id),
    impact_scores: [
      { id: 882, score: 1.5, unit: 'kg CO2-Eq', method: 'm', category: 'c', indicator: 'i' },
    ],
  });

  it('asks each part once, one after the other, and counts the whole page when a later part fails', async () => {
    stub.state.script = serve({
      '/datasets/batch': (url) =>
        url.searchParams.get('from') === '0'
          ? { body: { total: 100, datasets: Array.from({ length: 50 }, (_, i) => scored(i + 1)) } }
          : { status: 503, body: { detail: 'Service Unavailable' } },
    });
    const p = await proxy({ DATA_API_PAGE_SIZE: '50' });
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12&limit=100',
      headers: { authorization: `Bearer ${token}` },
      payload: { dataset_ids: Array.from({ length: 100 }, (_, i) => i + 1), indicator_ids: [882] },
    });
    expect(response.statusCode).toBe(503);
    // Scored: never asked again, however busy the service says it is.
    expect(upstreamPaths().filter((path) => path.includes('/datasets/batch'))).toHaveLength(2);
    // The first part's 50 datasets were charged by the service: the ledger holds at least them.
    const usage = UsageSchema.parse(
      (
        await p.app.inject({ url: '/api/usage', headers: { authorization: `Bearer ${token}` } })
      ).json(),
    );
    expect(usage.datasets).toBeGreaterThanOrEqual(50);
  });
});

describe('403 answers, told apart by their detail', () => {
  it('passes a licence refusal on with the service’s words, capped and plain', async () => {
    const long = `Your license does not include version 3.12 <b>${'x'.repeat(500)}`;
    stub.state.script = serve({ '/indicators': () => ({ status: 403, body: { detail: long } }) });
    const problem = ProblemSchema.parse(
      (await get(await proxy(), '/api/indicators?version=3.12')).json(),
    );
    expect(problem).toMatchObject({ status: 403, code: 'not_licensed' });
    expect(problem.detail).toContain('Your license does not include version 3.12');
    expect(problem.detail).not.toContain('<b>');
    expect((problem.detail ?? '').length).toBeLessThan(450);
  });

  it('gives a usage limit its own code', async () => {
    stub.state.script = serve({
      '/datasets/5': () => ({
        status: 403,
        body: { detail: 'License limit reached: 10000 unique datasets per period' },
      }),
    });
    const response = await get(await proxy(), '/api/datasets/5?version=3.12&indicator_ids=882');
    const problem = ProblemSchema.parse(response.json());
    expect(problem).toMatchObject({ status: 403, code: 'usage_limit_reached' });
    expect(problem.detail).toContain('10000 unique datasets per period');
  });

  it('fetches a new token once and tries again when a 403 says the token was rejected', async () => {
    let refused = false;
    stub.state.script = serve({
      '/indicators': () => {
        if (refused) return undefined;
        refused = true;
        return { status: 403, body: { detail: 'Invalid or expired token' } };
      },
    });
    const before = stub.tokenRequests.length;
    const response = await get(await proxy(), '/api/indicators?version=3.12');
    expect(response.statusCode).toBe(200);
    expect(stub.tokenRequests.length - before).toBe(2);
    expect(upstreamPaths().filter((url) => url.startsWith('/v0/indicators'))).toHaveLength(2);
  });
});

describe('the Spold lookup', () => {
  it('calls the route DATA_API_SPOLD_ROUTE names', async () => {
    stub.state.script = serve({
      '/datasets/by-spold': json({ results: [datasetBody(3)] }),
    });
    const uuid = '00000000-0000-4000-8000-000000000001';
    const response = await get(
      await proxy({ DATA_API_SPOLD_ROUTE: '/datasets/by-spold' }),
      `/api/datasets/spold?version=3.12&activity_spold_uuid=${uuid}`,
    );
    expect(DatasetPageSchema.parse(response.json())).toMatchObject({
      total: 1,
      datasets: [{ id: 3 }],
    });
    expect(upstreamPaths().at(-1)).toBe(
      `/v0/datasets/by-spold?activity_spold_uuid=${uuid}&system_model=cutoff&version=3.12`,
    );
  });

  it('takes the service’s 404 for “no match” as an empty page, which the browser need not log as a failure', async () => {
    stub.state.script = serve({
      '/datasets/spold': () => ({
        status: 404,
        body: { detail: 'No dataset matches these Spold UUIDs' },
      }),
    });
    const response = await get(
      await proxy(),
      '/api/datasets/spold?version=3.12&geography_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(200);
    expect(DatasetPageSchema.parse(response.json())).toEqual({ total: 0, datasets: [] });
  });

  it('passes on any other failure of the lookup', async () => {
    stub.state.script = serve({
      '/datasets/spold': () => ({ status: 403, body: { detail: 'Not licensed for this version' } }),
    });
    const response = await get(
      await proxy(),
      '/api/datasets/spold?version=3.12&product_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(403);
    expect(ProblemSchema.parse(response.json()).code).toBe('not_licensed');
  });

  it('says plainly that there is no lookup when the service has none, and asks it nothing', async () => {
    const p = await proxy({ DATA_API_SPOLD_ROUTE: 'none' });
    const config = PublicConfigSchema.parse((await p.app.inject({ url: '/api/config' })).json());
    expect(config.dataService.spoldLookup).toBe(false);
    const response = await get(
      p,
      '/api/datasets/spold?version=3.12&activity_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(501);
    expect(ProblemSchema.parse(response.json()).code).toBe('spold_lookup_unavailable');
    expect(upstreamPaths()).toEqual([]);
    // A Dataset ID keeps working.
    expect((await get(p, '/api/datasets/8279?version=3.12')).statusCode).toBe(200);
  });

  it('refuses a setting that is not a path of the API', () => {
    expect(() =>
      proxyConfigFromEnv({
        DATA_API_URL: stub.origin,
        DATA_API_CLIENT_ID: 'p',
        DATA_API_CLIENT_SECRET: 's',
        AUTH_ISSUER: emulator.origin,
        DATA_API_SPOLD_ROUTE: '/../admin',
      }),
    ).toThrow(/DATA_API_SPOLD_ROUTE/);
  });
});

describe('which shapes the service sent', () => {
  it('logs each route’s variant once and reports them at /readyz', async () => {
    stub.state.script = serve({
      '/versions': json([{ version: '3.12', system_model: 'cutoff' }]),
      '/indicators': json([{ id: 1, method: 'A', category: 'b', indicator: 'c', unit: 'kg' }]),
    });
    const logs: string[] = [];
    const p = await proxy({}, logs);
    await get(p, '/api/indicators');
    await get(p, '/api/indicators?version=3.12&system_model=cutoff');
    const variants = logs.filter((line) => line.includes('answer shape'));
    // /versions, what its listed combinations met on the data routes, /indicators.
    expect(variants).toHaveLength(3);
    expect(variants.join('')).toContain('a bare list, one entry per version × system model');
    expect(variants.join('')).toContain('every listed combination taken by the data routes');
    const ready = (await p.app.inject({ url: '/readyz' })).json<{
      upstream: Record<string, string>;
    }>();
    expect(ready.upstream['GET /indicators']).toBe('a flat list, in one answer');
  });
});
