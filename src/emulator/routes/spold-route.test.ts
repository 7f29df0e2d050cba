import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, SpoldLookupResponseSchema } from './wire';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient } from '../testing/api';

// Where the Spold lookup is served depends on EMULATOR_SPOLD_ROUTE and the dialect; a client
// must be testable against a service whose lookup is elsewhere, or missing.
const started: Emulator[] = [];
afterAll(() => Promise.all(started.map((emulator) => emulator.app.close())));

async function emulatorWith(env: Record<string, string>) {
  const emulator = await buildEmulator({
    config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05', ...env }),
  });
  started.push(emulator);
  const api = await apiClient(emulator);
  const uuid = (await api.get('/v0/datasets/8279')).json<{ activity_spold_uuid: string }>()
    .activity_spold_uuid;
  return { emulator, api, query: `activity_spold_uuid=${uuid}` };
}

/** What FastAPI answers when the path falls to `/datasets/{dataset_id}`. */
const readAsDatasetId = (body: unknown, segment: string) =>
  expect(ErrorBodySchema.parse(body).detail).toEqual([
    expect.objectContaining({ type: 'int_parsing', loc: ['path', 'dataset_id'], input: segment }),
  ]);

describe('EMULATOR_SPOLD_ROUTE', () => {
  it('serves the lookup at the path given, under both prefixes, and not at the default', async () => {
    const { api, query } = await emulatorWith({ EMULATOR_SPOLD_ROUTE: '/lookup/spold' });
    for (const prefix of ['/v0', '/v3/api1']) {
      const response = await api.get(`${prefix}/lookup/spold?${query}`);
      expect(response.statusCode).toBe(200);
      expect(SpoldLookupResponseSchema.parse(response.json()).datasets.map((d) => d.id)).toEqual([
        8279,
      ]);
    }
    const old = await api.get(`/v0/datasets/spold?${query}`);
    expect(old.statusCode).toBe(422);
    readAsDatasetId(old.json(), 'spold');
  });

  it.each(['documented', 'variant'])(
    'serves no lookup with none in the %s dialect: /datasets/spold is read as a dataset ID',
    async (dialect) => {
      const { emulator, api, query } = await emulatorWith({
        EMULATOR_DIALECT: dialect,
        EMULATOR_SPOLD_ROUTE: 'none',
      });
      for (const segment of ['spold', 'by-spold']) {
        const response = await api.get(`/v0/datasets/${segment}?${query}`);
        expect(response.statusCode).toBe(422);
        readAsDatasetId(response.json(), segment);
      }
      // As for any API path, the token is checked first.
      expect((await emulator.app.inject({ url: '/v0/datasets/spold' })).statusCode).toBe(401);
      expect((await emulator.app.inject({ url: '/_emulator/dialect' })).json()).toMatchObject({
        dialect,
        spold_route: null,
      });
    },
  );

  it('serves the lookup at /datasets/by-spold in the variant dialect, and not at /datasets/spold', async () => {
    const { emulator, api, query } = await emulatorWith({ EMULATOR_DIALECT: 'variant' });
    const response = await api.get(`/v3/api1/datasets/by-spold?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ datasets: { id: number }[] }>().datasets.map((d) => d.id)).toEqual([
      8279,
    ]);
    const old = await api.get(`/v3/api1/datasets/spold?${query}`);
    expect(old.statusCode).toBe(422);
    readAsDatasetId(old.json(), 'spold');
    expect((await emulator.app.inject({ url: '/_emulator/dialect' })).json()).toMatchObject({
      dialect: 'variant',
      spold_route: '/datasets/by-spold',
    });
  });

  it('keeps the lookup at /datasets/spold in the documented dialect, and says so', async () => {
    const { emulator, api, query } = await emulatorWith({});
    expect((await api.get(`/v0/datasets/spold?${query}`)).statusCode).toBe(200);
    readAsDatasetId((await api.get(`/v0/datasets/by-spold?${query}`)).json(), 'by-spold');
    expect((await emulator.app.inject({ url: '/_emulator/dialect' })).json()).toMatchObject({
      dialect: 'documented',
      spold_route: '/datasets/spold',
    });
  });
});
