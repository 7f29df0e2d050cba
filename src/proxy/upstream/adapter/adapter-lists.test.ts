import { describe, expect, it } from 'vitest';
import { IndicatorsSchema, ReleasesSchema, SearchResultsSchema } from '../../../shared/api/schemas';
import { ProblemSchema } from '../../../shared/problem';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import { json, serve, useScriptedService } from '../../testing/scripted-service';

// Each shape issue 11 names, served by a scripted data service and read through the proxy: the
// releases, the indicators and the search (datasets and batches: adapter-datasets.test.ts).
const { stub, proxy, get, upstreamPaths } = useScriptedService({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
});

describe('/versions', () => {
  it('reads {results} with one entry per version', async () => {
    stub().state.script = serve({
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
    stub().state.script = serve({
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
    stub().state.script = serve({
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
    stub().state.script = serve({
      '/versions': json({ results: [{ version: 3.12, system_models: ['cutoff'] }] }),
    });
    const logs: string[] = [];
    const response = await get(await proxy({}, logs), '/api/versions');
    expect(response.statusCode).toBe(502);
    expect(logs.join('')).toContain('results[].version: expected string, got number');
    expect(logs.join('')).not.toContain('invalid_union');
  });

  it('takes a sandbox as latest when the licence holds nothing else', async () => {
    stub().state.script = serve({
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
    stub().state.script = serve({ '/indicators': json([flat(1, 'A'), flat(2, 'B')]) });
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
    stub().state.script = serve({
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
    stub().state.script = serve({ '/datasets': pagedSearch({ rows: 250 }) });
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
    stub().state.script = serve({ '/datasets': pagedSearch({ style }) });
    const response = await search({ DATA_API_SEARCH_PAGING: style }, 'from=20&limit=10');
    expect(names(response)).toEqual(Array.from({ length: 10 }, (_, i) => `activity ${20 + i}`));
    expect(upstreamPaths().some((path) => path.includes(sent))).toBe(true);
  });

  it('answers 502 upstream_paging, never page 1 again, when the service ignores the paging parameter', async () => {
    stub().state.script = serve({ '/datasets': pagedSearch({ style: 'page' }) });
    const response = await search({}, 'from=20&limit=10');
    expect(response.statusCode).toBe(502);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('upstream_paging');
    expect(problem.detail).toContain('does not page by from');
  });

  it('counts the results when the service gives no total, reading to the end', async () => {
    stub().state.script = serve({ '/datasets': pagedSearch({ rows: 250, total: false }) });
    const response = await search({}, 'from=0&limit=20');
    expect(SearchResultsSchema.parse(response.json()).total).toBe(250);
  });

  it('asks a page of 100 in pages of DATA_API_PAGE_SIZE', async () => {
    stub().state.script = serve({ '/datasets': pagedSearch({ rows: 250, cap: 50 }) });
    const response = await search({ DATA_API_PAGE_SIZE: '50' }, 'from=100&limit=100');
    expect(names(response)).toEqual(Array.from({ length: 100 }, (_, i) => `activity ${100 + i}`));
    // Pages of 50 (the page asked, then the first rows it must not repeat), and one row asked
    // past the total to vouch for it: nothing is there, so the total holds.
    const sent = sentWith('limit').map((q) => `${q.get('from')}+${q.get('limit')}`);
    expect(sent).toEqual(['100+50', '150+50', '0+50', '50+50', '250+1']);
    expect(SearchResultsSchema.parse(response.json()).total_at_least).toBeUndefined();
  });

  it('answers 502 upstream_paging, never a shorter page, when the service gives fewer than asked', async () => {
    stub().state.script = serve({ '/datasets': pagedSearch({ rows: 250, cap: 50 }) });
    const response = await search({}, 'from=0&limit=100');
    expect(response.statusCode).toBe(502);
    expect(ProblemSchema.parse(response.json()).detail).toContain(
      'held 50 items where a total of 250 means 100',
    );
  });
});
