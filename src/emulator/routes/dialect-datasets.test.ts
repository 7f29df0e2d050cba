import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTIVITY_TYPE_FILTERS,
  BatchResponseSchema,
  DatasetSchema,
  ImpactScoreSchema,
} from './wire';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient } from '../testing/api';
import { VARIANT_NULLS } from './dialect';

// EMULATOR_DIALECT=variant: dataset objects (one, batch, Spold lookup) and what they charge,
// each beside the documented dialect's answer to the same call.

const VariantDatasetSchema = DatasetSchema.extend({
  activity_type: z.enum(ACTIVITY_TYPE_FILTERS),
  description: z.string().nullable(),
  isic_class: z.string().nullable(),
  time_period: z.string().nullable(),
  last_modified: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  impact_scores: z.array(ImpactScoreSchema).optional(),
}).strict();
const VariantListSchema = z.strictObject({
  total: z.number().int(),
  datasets: z.array(VariantDatasetSchema),
});

/** The live API's pinned IDs and the IDs whose text tests in src/ and e2e/ read. */
const READ_BY_TESTS = [2989, 7773, 8279, 3961, 5285, 4125, 8422, 1, 2, 3, 4, 42];

let documented: Emulator;
let variant: Emulator;
let docs: Awaited<ReturnType<typeof apiClient>>;
let api: Awaited<ReturnType<typeof apiClient>>;

const build = (env: Record<string, string>) =>
  buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05', ...env }) });

beforeAll(async () => {
  [documented, variant] = await Promise.all([build({}), build({ EMULATOR_DIALECT: 'variant' })]);
  [docs, api] = await Promise.all([apiClient(documented), apiClient(variant)]);
});
afterAll(() => Promise.all([documented.app.close(), variant.app.close()]));
beforeEach(async () => {
  await Promise.all(
    [documented, variant].map((e) => e.app.inject({ method: 'POST', url: '/_emulator/reset' })),
  );
});

/** The first 100 datasets of the release by ID, as the client's emulator answers them. */
async function firstHundred(client: typeof api): Promise<unknown> {
  const ids = Array.from({ length: 300 }, (_, i) => i + 1);
  return (await client.post('/v0/datasets/batch?limit=100', { dataset_ids: ids })).json();
}

describe('dataset objects in the variant dialect', () => {
  it('answers the activity type as the enum, a last_modified date, and no impact_scores when none were asked for', async () => {
    const response = await api.get('/v0/datasets/8279');
    const body: unknown = response.json();
    const dataset = VariantDatasetSchema.parse(body);
    expect(body).not.toHaveProperty('impact_scores');
    // Otherwise the documented object, to the letter: 8279's text fields are never null.
    const same = DatasetSchema.parse((await docs.get('/v0/datasets/8279')).json());
    expect(dataset).toEqual({
      ...same,
      activity_type: 'MARKET_ACTIVITY',
      last_modified: '2025-11-05',
      impact_scores: undefined,
    });
    const older = VariantDatasetSchema.parse(
      (await api.get('/v0/datasets/8279?version=3.11')).json(),
    );
    expect(older.last_modified).toBe('2024-11-19');
  });

  it('answers impact_scores as documented when indicators are asked for, [] when none is known', async () => {
    const url = '/v0/datasets/8279?indicator_ids=964&indicator_ids=882';
    const scores = VariantDatasetSchema.parse((await api.get(url)).json()).impact_scores;
    expect(scores).toEqual(DatasetSchema.parse((await docs.get(url)).json()).impact_scores);
    expect(scores?.map((s) => s.id)).toEqual([964, 882]);
    const unknown = VariantDatasetSchema.parse(
      (await api.get('/v0/datasets/8279?indicator_ids=1')).json(),
    );
    expect(unknown.impact_scores).toEqual([]);
  });

  it('answers null text fields by the documented ID rules, and only there', async () => {
    const full = BatchResponseSchema.parse(await firstHundred(docs)).datasets;
    const shaped = VariantListSchema.parse(await firstHundred(api)).datasets;
    expect(shaped.map((d) => d.id)).toEqual(full.map((d) => d.id));
    for (const rule of VARIANT_NULLS) {
      const nulled = shaped.filter((d) => d[rule.field] === null).map((d) => d.id);
      expect(nulled.length).toBeGreaterThan(0);
      expect(nulled).toEqual(
        shaped.filter((d) => d.id % rule.modulus === rule.remainder).map((d) => d.id),
      );
      // The documented dialect has text for the same datasets.
      const texts = full.filter((d) => nulled.includes(d.id)).map((d) => d[rule.field]);
      expect(texts.every((text) => text.length > 0)).toBe(true);
    }
  });

  it('never nulls a field of a pinned dataset or one whose text the tests read', async () => {
    // The rules the README states.
    expect(VARIANT_NULLS).toEqual([
      { field: 'description', modulus: 13, remainder: 5 },
      { field: 'isic_class', modulus: 11, remainder: 6 },
      { field: 'time_period', modulus: 17, remainder: 9 },
    ]);
    for (const id of READ_BY_TESTS) {
      expect(VARIANT_NULLS.filter((rule) => id % rule.modulus === rule.remainder)).toEqual([]);
    }
    const batch = VariantListSchema.parse(
      (await api.post('/v0/datasets/batch', { dataset_ids: READ_BY_TESTS })).json(),
    );
    expect(batch.datasets.length).toBeGreaterThanOrEqual(3);
    for (const dataset of batch.datasets) {
      expect([dataset.description, dataset.isic_class, dataset.time_period]).not.toContain(null);
    }
  });

  it('omits impact_scores from every dataset of a batch without indicator_ids, and keeps them with', async () => {
    const without = VariantListSchema.parse(await firstHundred(api)).datasets;
    expect(without.some((d) => 'impact_scores' in d)).toBe(false);
    const withScores = VariantListSchema.parse(
      (
        await api.post('/v0/datasets/batch', { dataset_ids: [8279, 2989], indicator_ids: [882] })
      ).json(),
    );
    expect(withScores.datasets.map((d) => d.impact_scores?.map((s) => s.id))).toEqual([
      [882],
      [882],
    ]);
  });

  it('answers the Spold lookup with variant dataset objects, without scores', async () => {
    const uuid = VariantDatasetSchema.parse(
      (await api.get('/v0/datasets/8279')).json(),
    ).product_spold_uuid;
    const response = await api.get(`/v3/api1/datasets/by-spold?product_spold_uuid=${uuid}`);
    const body = VariantListSchema.parse(response.json());
    expect(body.total).toBeGreaterThan(1);
    expect(
      body.datasets.every((d) => !('impact_scores' in d) && d.last_modified === '2025-11-05'),
    ).toBe(true);
    expect(new Set(body.datasets.map((d) => d.activity_type))).toContain('MARKET_ACTIVITY');
  });

  it('leaves the documented objects as they were: prose types, text everywhere, impact_scores: []', async () => {
    const full = BatchResponseSchema.parse(await firstHundred(docs)).datasets;
    for (const dataset of full) {
      expect(DatasetSchema.strict().parse(dataset).impact_scores).toEqual([]);
      expect(['market activity', 'market group', 'ordinary transforming activity']).toContain(
        dataset.activity_type,
      );
    }
  });
});

describe('metering in the variant dialect', () => {
  const ledger = async (emulator: Emulator) => {
    const body = (await emulator.app.inject({ url: '/_emulator/ledger' })).json<object>();
    return { ...body, period_start: undefined };
  };

  it('charges exactly what the documented dialect charges for the same calls', async () => {
    const calls = async (client: typeof api, emulator: Emulator) => {
      await client.get('/v0/datasets/8279');
      await client.get('/v0/datasets/2989?indicator_ids=1');
      await client.post('/v0/datasets/batch', { dataset_ids: [8279, 2989, 7773] });
      await client.get('/v0/datasets?query=steel');
      expect(await ledger(emulator)).toMatchObject({ users: 0, datasets: 0, indicators: 0 });
      await client.get('/v0/datasets/8279?indicator_ids=882&indicator_ids=964');
      await client.post('/v0/datasets/batch?limit=2', {
        dataset_ids: [7773, 2989, 8279],
        indicator_ids: [882, 1],
      });
    };
    await calls(docs, documented);
    await calls(api, variant);
    const charged = await ledger(variant);
    expect(charged).toEqual(await ledger(documented));
    expect(charged).toMatchObject({ dataset_ids: [2989, 7773, 8279], indicator_ids: [882, 964] });
  });

  it('refuses past an enforced tier with the documented 403 detail', async () => {
    await variant.app.inject({
      method: 'POST',
      url: '/_emulator/ledger',
      payload: { mode: 'enforce', tier: { datasets: 0 } },
    });
    const response = await api.get('/v0/datasets/8279?indicator_ids=882');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'License limit reached: 0 unique datasets per period',
    });
    expect((await api.get('/v0/datasets/8279')).statusCode).toBe(200);
    await variant.app.inject({
      method: 'POST',
      url: '/_emulator/ledger',
      payload: { mode: 'record' },
    });
  });
});
