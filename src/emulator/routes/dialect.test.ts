import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTIVITY_TYPE_FILTERS,
  ErrorBodySchema,
  SearchResponseSchema,
} from '../../shared/upstream';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient } from '../testing/api';

// EMULATOR_DIALECT=variant: the shapes a client sees for search, each
// beside what the documented dialect answers to the same call (tokens: api-auth.test.ts).
// The schemas are strict: a field too many or too few is a wrong shape.

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
