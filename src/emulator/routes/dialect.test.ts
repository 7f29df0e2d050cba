import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTIVITY_TYPE_FILTERS,
  ErrorBodySchema,
  IndicatorsResponseSchema,
  SearchResponseSchema,
} from './wire';
import { VersionsResponseSchema } from './wire';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient } from '../testing/api';

// EMULATOR_DIALECT=variant: the shapes a client sees for versions, indicators and search, each
// beside what the documented dialect answers to the same call (tokens: api-auth.test.ts; dataset
// objects and metering: dialect-datasets.test.ts).
// The schemas are strict: a field too many or too few is a wrong shape.

const VariantVersionsSchema = z.array(
  z.strictObject({
    version: z.string(),
    system_model: z.string(),
    release_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    datasets: z.number().int().positive(),
    indicators: z.number().int().positive(),
  }),
);

const VariantIndicatorsSchema = z.strictObject({
  total: z.number().int(),
  results: z.array(
    z.strictObject({
      method: z.string(),
      categories: z.array(
        z.strictObject({
          category: z.string(),
          indicators: z.array(
            z.strictObject({ id: z.number().int(), indicator: z.string(), unit: z.string() }),
          ),
        }),
      ),
    }),
  ),
});

const VariantSearchSchema = z.strictObject({
  total: z.number().int(),
  results: z.array(
    z.strictObject({
      name: z.string(),
      activity_type: z.enum(ACTIVITY_TYPE_FILTERS),
      products: SearchResponseSchema.shape.results.element.shape.products,
    }),
  ),
});

let documented: Emulator;
let variant: Emulator;
let docs: Awaited<ReturnType<typeof apiClient>>;
let api: Awaited<ReturnType<typeof apiClient>>;

const build = (env: Record<string, string>) =>
  buildEmulator({
    config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05', ...env }),
  });

beforeAll(async () => {
  [documented, variant] = await Promise.all([build({}), build({ EMULATOR_DIALECT: 'variant' })]);
  [docs, api] = await Promise.all([apiClient(documented), apiClient(variant)]);
});
afterAll(() => Promise.all([documented.app.close(), variant.app.close()]));

const detail = (body: unknown) => ErrorBodySchema.parse(body).detail;

/** Every dataset ID a search finds, following the variant's pages by `offset` to the end. */
async function searchAll(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = VariantSearchSchema.parse(
      (await api.get(`/v0/datasets?${query}&offset=${offset}&limit=100`)).json(),
    );
    ids.push(
      ...page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))),
    );
    if (offset + 100 >= page.total) return ids;
  }
}

describe('GET {P}/versions in the variant dialect', () => {
  it('answers a bare list, one entry per licensed version × system model, newest first', async () => {
    const entries = VariantVersionsSchema.parse((await api.get('/v3/api1/versions')).json());
    expect(entries.map((e) => `${e.version}/${e.system_model}`)).toEqual([
      ...['3.12', '3.11'].flatMap((v) =>
        ['cutoff', 'apos', 'consequential', 'EN15804'].map((m) => `${v}/${m}`),
      ),
      '3.10/cutoff',
      '3.10/apos',
      '3.10/consequential',
    ]);
    expect(entries[0]).toMatchObject({
      version: '3.12',
      release_date: '2025-11-05',
      indicators: 611,
    });
  });

  it('counts the datasets and indicators a client can really reach in that release', async () => {
    const entries = VariantVersionsSchema.parse((await api.get('/v0/versions')).json());
    const entry = entries.find((e) => e.version === '3.11' && e.system_model === 'consequential');
    const datasets = await searchAll('version=3.11&system_model=consequential');
    expect(entry?.datasets).toBe(new Set(datasets).size);
    expect(entry?.datasets).toBe(datasets.length);
    const cutoff = entries.find((e) => e.version === '3.11' && e.system_model === 'cutoff');
    expect(cutoff?.datasets).toBeGreaterThan(datasets.length);
    const indicators = VariantIndicatorsSchema.parse(
      (await api.get('/v0/indicators?version=3.11&limit=100')).json(),
    );
    expect(entry?.indicators).toBe(
      indicators.results.flatMap((m) => m.categories.flatMap((c) => c.indicators)).length,
    );
  });

  it('follows the licence', async () => {
    const narrow = await build({
      EMULATOR_DIALECT: 'variant',
      EMULATOR_LICENCE: '3.11/cutoff,3.12/*,!3.12/apos',
    });
    const entries = VariantVersionsSchema.parse(
      (await (await apiClient(narrow)).get('/v0/versions')).json(),
    );
    expect(entries.map((e) => `${e.version}/${e.system_model}`)).toEqual([
      '3.12/cutoff',
      '3.12/consequential',
      '3.12/EN15804',
      '3.11/cutoff',
    ]);
    await narrow.app.close();
  });

  it('leaves the documented dialect’s {results} wrapper as it was', async () => {
    const body = VersionsResponseSchema.strict().parse((await docs.get('/v0/versions')).json());
    expect(body.results[0]).toEqual({
      version: '3.12',
      system_models: ['cutoff', 'apos', 'consequential', 'EN15804'],
      release_date: '2025-11-05',
    });
  });
});

describe('GET {P}/indicators in the variant dialect', () => {
  it('nests indicators under categories under methods, ten methods a page by default', async () => {
    const body = VariantIndicatorsSchema.parse((await api.get('/v0/indicators')).json());
    expect(body.total).toBe(41);
    expect(body.results).toHaveLength(10);
    const cml = body.results.find((m) => m.method === 'CML v4.8 2016');
    expect(cml?.categories.find((c) => c.category === 'climate change')?.indicators).toEqual([
      { id: 882, indicator: 'global warming potential (GWP100)', unit: 'kg CO2-Eq' },
    ]);
  });

  it('reaches every indicator of the release, in a stable order, by following the pages', async () => {
    const all = IndicatorsResponseSchema.parse((await docs.get('/v0/indicators')).json()).results;
    const reached: number[] = [];
    let total = Infinity;
    // The variant pages its lists by offset, the search's paging parameter.
    for (let offset = 0; offset < total; offset += 7) {
      const page = VariantIndicatorsSchema.parse(
        (await api.get(`/v0/indicators?offset=${offset}&limit=7`)).json(),
      );
      total = page.total;
      reached.push(
        ...page.results.flatMap((m) => m.categories.flatMap((c) => c.indicators.map((i) => i.id))),
      );
    }
    // The documented list is in the same order: method, category, indicator.
    expect(reached).toEqual(all.map((i) => i.id));
    const page = async () => (await api.get('/v0/indicators?offset=7&limit=7')).json<unknown>();
    expect(await page()).toEqual(await page());
  });

  it.each([
    ['limit=101', 'less_than_equal', ['query', 'limit']],
    ['limit=0', 'greater_than_equal', ['query', 'limit']],
    ['offset=-1', 'greater_than_equal', ['query', 'offset']],
    ['offset=x', 'int_parsing', ['query', 'offset']],
  ])('refuses %s with a 422 naming the field', async (query, type, loc) => {
    const response = await api.get(`/v0/indicators?${query}`);
    expect(response.statusCode).toBe(422);
    expect(detail(response.json())).toEqual([expect.objectContaining({ type, loc })]);
  });

  it('leaves the documented flat list unpaged, whatever from and limit say', async () => {
    const response = await docs.get('/v0/indicators?from=5&limit=101');
    expect(response.statusCode).toBe(200);
    const body = IndicatorsResponseSchema.strict().parse(response.json());
    expect(body.total).toBe(611);
    expect(body.results).toHaveLength(611);
  });
});

describe('GET {P}/datasets (search) in the variant dialect', () => {
  it('pages by offset, and ignores from as any unknown parameter', async () => {
    const all = VariantSearchSchema.parse(
      (await api.get('/v0/datasets?query=market&limit=30')).json(),
    );
    const page = async (query: string) =>
      VariantSearchSchema.parse(
        (await api.get(`/v0/datasets?query=market&${query}`)).json(),
      ).results.map((a) => a.name);
    expect(all.total).toBeGreaterThan(20);
    expect(await page('offset=10&limit=10')).toEqual(all.results.slice(10, 20).map((a) => a.name));
    expect(await page('from=10&limit=10')).toEqual(all.results.slice(0, 10).map((a) => a.name));
  });

  it.each([
    ['offset=-1', 'greater_than_equal', ['query', 'offset']],
    ['offset=x', 'int_parsing', ['query', 'offset']],
    ['limit=101', 'less_than_equal', ['query', 'limit']],
    ['activity_type=market%20activity', 'enum', ['query', 'activity_type']],
  ])('refuses %s with a 422 naming the field', async (query, type, loc) => {
    const response = await api.get(`/v0/datasets?query=steel&${query}`);
    expect(response.statusCode).toBe(422);
    expect(detail(response.json())).toEqual([expect.objectContaining({ type, loc })]);
  });

  it.each([
    ['market', 'MARKET_ACTIVITY'],
    ['market group', 'MARKET_GROUP'],
    ['production', 'TRANSFORMING_ACTIVITY'],
  ] as const)(
    'answers the activity type as the filter’s enum (%s, %s), the results otherwise as documented',
    async (query, type) => {
      const url = `/v0/datasets?query=${encodeURIComponent(query)}&activity_type=${type}&limit=100`;
      const body = VariantSearchSchema.parse((await api.get(url)).json());
      expect(body.total).toBeGreaterThan(0);
      expect(body.results.every((a) => a.activity_type === type)).toBe(true);
      const same = SearchResponseSchema.parse((await docs.get(url)).json());
      expect(body.results.map((a) => ({ ...a, activity_type: '' }))).toEqual(
        same.results.map((a) => ({ ...a, activity_type: '' })),
      );
    },
  );

  it('leaves the documented search paging by from, ignoring offset, with prose activity types', async () => {
    const names = async (query: string) =>
      SearchResponseSchema.parse(
        (await docs.get(`/v0/datasets?query=market&${query}`)).json(),
      ).results.map((a) => a.name);
    const first = await names('limit=20');
    expect(await names('offset=10&limit=10')).toEqual(first.slice(0, 10));
    expect(await names('from=10&limit=10')).toEqual(first.slice(10, 20));
    const body = SearchResponseSchema.parse((await docs.get('/v0/datasets?query=market')).json());
    expect(body.results[0]?.activity_type).toBe('market activity');
  });
});

describe('admin routes in the variant dialect', () => {
  it('say which dialect runs, keep their shapes, and reset as before', async () => {
    const fresh = await apiClient(variant);
    await fresh.get('/v0/versions');
    const stats = (await variant.app.inject({ url: '/_emulator/stats' })).json<object>();
    expect(Object.keys(stats).sort()).toEqual(['api_requests', 'token_requests']);
    const reset = await variant.app.inject({ method: 'POST', url: '/_emulator/reset' });
    expect(reset.json()).toEqual({ ok: true });
    expect((await variant.app.inject({ url: '/_emulator/stats' })).json()).toEqual({
      token_requests: 0,
      api_requests: 0,
    });
    expect((await variant.app.inject({ url: '/_emulator/dialect' })).json()).toEqual({
      dialect: 'variant',
      spold_route: '/datasets/by-spold',
      paging: 'offset',
      max_limit: 100,
      absent_as: '404',
    });
    expect((await fresh.get('/v0/versions')).json()).toBeInstanceOf(Array);
  });
});
