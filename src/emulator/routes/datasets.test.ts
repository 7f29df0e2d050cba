import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchResponseSchema,
  DatasetSchema,
  ErrorBodySchema,
  IndicatorsResponseSchema,
  SearchResponseSchema,
  SpoldLookupResponseSchema,
} from './wire';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient } from '../testing/api';

let emulator: Emulator;
let api: Awaited<ReturnType<typeof apiClient>>;

beforeAll(async () => {
  emulator = await buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.2' }) });
  api = await apiClient(emulator);
});
afterAll(() => emulator.app.close());

const detail = (body: unknown) => ErrorBodySchema.parse(body).detail;

describe('GET {P}/indicators', () => {
  it('lists every indicator of the latest release with its own ID and unit', async () => {
    const response = await api.get('/v3/api1/indicators');
    expect(response.statusCode).toBe(200);
    const body = IndicatorsResponseSchema.parse(response.json());
    expect(body.total).toBe(body.results.length);
    expect(body.total).toBeGreaterThan(550);
    expect(new Set(body.results.map((i) => i.id)).size).toBe(body.total);
    expect(new Set(body.results.map((i) => i.method)).size).toBe(41);
    expect(body.results.find((i) => i.id === 882)).toEqual({
      id: 882,
      method: 'CML v4.8 2016',
      category: 'climate change',
      indicator: 'global warming potential (GWP100)',
      unit: 'kg CO2-Eq',
    });
  });

  it('gives each release its own method list with the same IDs for the same indicators', async () => {
    const of = async (version: string) =>
      IndicatorsResponseSchema.parse(
        (await api.get(`/v0/indicators?version=${version}&system_model=cutoff`)).json(),
      ).results;
    const [old, middle, latest] = await Promise.all([of('3.10'), of('3.11'), of('3.12')]);
    const methods = (list: typeof old) => new Set(list.map((i) => i.method));
    expect(methods(old).has('IPCC 2021 (incl. biogenic CO2)')).toBe(false);
    expect(old.filter((i) => i.method === 'IPCC 2021')).toHaveLength(32);
    expect(methods(middle).has('EF v3.1 EN15804')).toBe(false);
    expect(methods(latest).has('EF v3.1 EN15804')).toBe(true);
    const cmlOld = old.find((i) => i.method === 'CML v4.8 2016' && i.category === 'acidification');
    const cmlNew = latest.find(
      (i) => i.method === 'CML v4.8 2016' && i.category === 'acidification',
    );
    expect(cmlOld?.id).toBe(964);
    expect(cmlNew?.id).toBe(964);
  });

  it('answers an unknown release with 404 and a combination outside the licence with 403', async () => {
    const unknown = await api.get('/v0/indicators?version=2.2');
    expect(unknown.statusCode).toBe(404);
    expect(detail(unknown.json())).toContain("Version '2.2' not found");
    const unlicensed = await api.get('/v0/indicators?version=3.10&system_model=EN15804');
    expect(unlicensed.statusCode).toBe(403);
    const noModel = await api.get('/v0/indicators?version=3.12&system_model=made-up');
    expect(noModel.statusCode).toBe(404);
  });
});

describe('GET {P}/datasets (search)', () => {
  it('puts the obvious hit first for "electricity high voltage DE"', async () => {
    const body = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=electricity%20high%20voltage%20DE')).json(),
    );
    const top = body.results[0];
    expect(top?.name).toBe('market for electricity, high voltage');
    expect(top?.products[0]?.datasets[0]?.geography).toBe('Germany (DE)');
  });

  it('puts a market for cement first for "market for cement"', async () => {
    const body = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=market%20for%20cement&limit=3')).json(),
    );
    expect(body.results[0]?.name).toMatch(/^market for cement, /);
  });

  it('filters by the exact geography display name; a bare code matches nothing', async () => {
    const named = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=electricity&geography=Mexico%20(MX)&limit=100')).json(),
    );
    expect(named.total).toBeGreaterThan(0);
    const geographies = named.results.flatMap((a) =>
      a.products.flatMap((p) => p.datasets.map((d) => d.geography)),
    );
    expect(new Set(geographies)).toEqual(new Set(['Mexico (MX)']));
    const bare = await api.get('/v0/datasets?query=electricity&geography=MX');
    expect(bare.statusCode).toBe(200);
    expect(SearchResponseSchema.parse(bare.json()).total).toBe(0);
  });

  it('filters by activity type, and finds market groups only with MARKET_GROUP', async () => {
    const groups = SearchResponseSchema.parse(
      (
        await api.get('/v0/datasets?query=market%20group&activity_type=MARKET_GROUP&limit=100')
      ).json(),
    );
    expect(groups.total).toBeGreaterThan(0);
    expect(groups.results.every((a) => a.activity_type === 'market group')).toBe(true);
    const asMarkets = SearchResponseSchema.parse(
      (
        await api.get('/v0/datasets?query=market%20group&activity_type=MARKET_ACTIVITY&limit=100')
      ).json(),
    );
    expect(asMarkets.results.some((a) => a.name.startsWith('market group'))).toBe(false);
  });

  it('pages through activities with from and limit, and counts them in total', async () => {
    const all = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=transport&limit=100')).json(),
    );
    const second = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=transport&from=10&limit=10')).json(),
    );
    expect(all.total).toBeGreaterThan(20);
    expect(second.total).toBe(all.total);
    expect(second.results.map((a) => a.name)).toEqual(all.results.slice(10, 20).map((a) => a.name));
  });

  it.each([
    ['limit=101', 'less_than_equal', ['query', 'limit']],
    ['limit=0', 'greater_than_equal', ['query', 'limit']],
    ['from=-1', 'greater_than_equal', ['query', 'from']],
    ['limit=ten', 'int_parsing', ['query', 'limit']],
    ['activity_type=MARKET', 'enum', ['query', 'activity_type']],
  ])('refuses %s with a 422 naming the field', async (query, type, loc) => {
    const response = await api.get(`/v0/datasets?query=steel&${query}`);
    expect(response.statusCode).toBe(422);
    const items = detail(response.json());
    expect(items).toEqual([expect.objectContaining({ type, loc })]);
  });

  it('ignores query parameters it does not know, as FastAPI does', async () => {
    const response = await api.get('/v0/datasets?query=steel&offset=5&colour=blue');
    expect(response.statusCode).toBe(200);
  });
});

describe('GET {P}/datasets/{id}', () => {
  it('answers every documented field, with scores for the repeated indicator_ids in order', async () => {
    const response = await api.get(
      '/v0/datasets/8279?version=3.12&indicator_ids=964&indicator_ids=882',
    );
    expect(response.statusCode).toBe(200);
    const dataset = DatasetSchema.parse(response.json());
    expect(dataset).toMatchObject({
      id: 8279,
      activity: 'market for electricity, low voltage',
      product: 'electricity, low voltage',
      geography: 'Mexico (MX)',
      unit: 'kWh',
      activity_type: 'market activity',
      isic_class: '3510 - Electric power generation, transmission and distribution',
      isic_section: 'D - Electricity, gas, steam and air conditioning supply',
      sectors: ['Electricity'],
    });
    expect(dataset.time_period).toMatch(/^\d{4}-2025$/);
    expect(dataset.impact_scores.map((s) => [s.id, s.unit])).toEqual([
      [964, 'kg SO2-Eq'],
      [882, 'kg CO2-Eq'],
    ]);
    expect(dataset.url).toMatch(/\/ecoquery\/3\.12\/cutoff\/dataset\/8279\/documentation$/);
  });

  it('answers impact_scores: [] without indicator_ids, and skips unknown indicators', async () => {
    expect(DatasetSchema.parse((await api.get('/v0/datasets/8279')).json()).impact_scores).toEqual(
      [],
    );
    const scores = DatasetSchema.parse(
      (await api.get('/v0/datasets/8279?indicator_ids=1&indicator_ids=882')).json(),
    ).impact_scores;
    expect(scores.map((s) => s.id)).toEqual([882]);
  });

  it('refuses comma-separated indicator_ids as an invalid integer', async () => {
    const response = await api.get('/v0/datasets/8279?indicator_ids=882,964');
    expect(response.statusCode).toBe(422);
    expect(detail(response.json())).toEqual([
      expect.objectContaining({ type: 'int_parsing', loc: ['query', 'indicator_ids', 0] }),
    ]);
  });

  it('refuses more than 100 indicator_ids', async () => {
    const query = Array.from({ length: 101 }, (_, i) => `indicator_ids=${800 + i}`).join('&');
    const response = await api.get(`/v0/datasets/8279?${query}`);
    expect(response.statusCode).toBe(422);
    expect(detail(response.json())).toEqual([expect.objectContaining({ type: 'too_long' })]);
  });

  it('answers a non-integer ID with 422 and an unknown one with 404', async () => {
    const bad = await api.get('/v0/datasets/abc');
    expect(bad.statusCode).toBe(422);
    expect(detail(bad.json())).toEqual([
      expect.objectContaining({ type: 'int_parsing', loc: ['path', 'dataset_id'] }),
    ]);
    const missing = await api.get('/v0/datasets/99999999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST {P}/datasets/batch', () => {
  const someIds = async (n: number) => {
    const body = SearchResponseSchema.parse(
      (await api.get('/v0/datasets?query=production&limit=100')).json(),
    );
    return body.results
      .flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)))
      .slice(0, n);
  };

  it('returns 10 datasets by default, however many were asked for, and counts all found in total', async () => {
    const ids = await someIds(50);
    const body = BatchResponseSchema.parse(
      (await api.post('/v0/datasets/batch', { dataset_ids: ids })).json(),
    );
    expect(body.total).toBe(50);
    expect(body.datasets.map((d) => d.id)).toEqual(ids.slice(0, 10));
  });

  it('pages with from and limit, in request order, skipping unknown IDs', async () => {
    const ids = await someIds(30);
    const body = BatchResponseSchema.parse(
      (
        await api.post('/v0/datasets/batch?from=5&limit=20', {
          dataset_ids: [99999999, ...ids],
          indicator_ids: [882],
        })
      ).json(),
    );
    expect(body.total).toBe(30);
    expect(body.datasets.map((d) => d.id)).toEqual(ids.slice(5, 25));
    expect(body.datasets.every((d) => d.impact_scores.length === 1)).toBe(true);
  });

  it('answers 404 when none of the IDs exist', async () => {
    const response = await api.post('/v0/datasets/batch', { dataset_ids: [99999998, 99999999] });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [
      '10 001 dataset IDs',
      { dataset_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) },
      'too_long',
    ],
    ['no dataset IDs', { dataset_ids: [] }, 'too_short'],
    ['a missing dataset_ids', { indicator_ids: [882] }, 'missing'],
    [
      '101 indicator IDs',
      { dataset_ids: [1], indicator_ids: Array.from({ length: 101 }, (_, i) => i) },
      'too_long',
    ],
    ['a non-integer ID', { dataset_ids: ['x'] }, 'int_parsing'],
    ['a body that is not JSON', '{"dataset_ids": [1', 'json_invalid'],
  ])('refuses %s with 422', async (_name, body, type) => {
    const response = await api.post('/v0/datasets/batch', body);
    expect(response.statusCode).toBe(422);
    expect(detail(response.json())).toEqual(
      expect.arrayContaining([expect.objectContaining({ type })]),
    );
  });

  it('refuses limit=101 with 422', async () => {
    const response = await api.post('/v0/datasets/batch?limit=101', { dataset_ids: [8279] });
    expect(response.statusCode).toBe(422);
  });
});

describe('lookup by Spold UUID', () => {
  it('finds a dataset by its activity UUID, and all datasets of a product by its product UUID', async () => {
    const dataset = DatasetSchema.parse((await api.get('/v0/datasets/8279')).json());
    const byActivity = SpoldLookupResponseSchema.parse(
      (
        await api.get(`/v0/datasets/spold?activity_spold_uuid=${dataset.activity_spold_uuid}`)
      ).json(),
    );
    expect(byActivity.datasets.map((d) => d.id)).toEqual([8279]);
    const byProduct = SpoldLookupResponseSchema.parse(
      (
        await api.get(`/v3/api1/datasets/spold?product_spold_uuid=${dataset.product_spold_uuid}`)
      ).json(),
    );
    expect(byProduct.total).toBeGreaterThan(1);
    expect(byProduct.datasets.every((d) => d.product === 'electricity, low voltage')).toBe(true);
    const both = SpoldLookupResponseSchema.parse(
      (
        await api.get(
          `/v0/datasets/spold?product_spold_uuid=${dataset.product_spold_uuid}&geography_spold_uuid=${dataset.geography_spold_uuid}`,
        )
      ).json(),
    );
    expect(both.datasets.every((d) => d.geography === 'Mexico (MX)')).toBe(true);
  });

  it('accepts the UUIDs as search filters too', async () => {
    const dataset = DatasetSchema.parse((await api.get('/v0/datasets/8279')).json());
    const body = SearchResponseSchema.parse(
      (await api.get(`/v0/datasets?activity_spold_uuid=${dataset.activity_spold_uuid}`)).json(),
    );
    expect(body.results[0]?.products[0]?.datasets).toEqual([
      { id: 8279, geography: 'Mexico (MX)' },
    ]);
  });

  it('answers 404 when nothing matches, and 422 for no UUID or a malformed one', async () => {
    expect(
      (await api.get('/v0/datasets/spold?activity_spold_uuid=00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await api.get('/v0/datasets/spold')).statusCode).toBe(422);
    expect((await api.get('/v0/datasets/spold?activity_spold_uuid=not-a-uuid')).statusCode).toBe(
      422,
    );
  });
});
