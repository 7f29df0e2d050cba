import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionsResponseSchema } from './wire';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { TOKEN_PATH } from '../identity/token-endpoint';
import { serviceToken as tokenFor } from '../testing/api';

let now = Date.parse('2026-01-01T00:00:00Z');
let emulator: Emulator;

const serviceToken = () => tokenFor(emulator);

beforeAll(async () => {
  emulator = await buildEmulator({
    config: emulatorConfigFromEnv({ EMULATOR_TOKEN_TTL: '300', EMULATOR_SCALE: '0.05' }),
    now: () => now,
  });
});
afterAll(() => emulator.app.close());

describe('GET {P}/versions', () => {
  it.each(['/v0', '/v3/api1'])('answers the licence’s releases under %s', async (prefix) => {
    const response = await emulator.app.inject({
      url: `${prefix}/versions`,
      headers: { authorization: `Bearer ${await serviceToken()}` },
    });
    expect(response.statusCode).toBe(200);
    const body = VersionsResponseSchema.parse(response.json());
    expect(body.results.map((entry) => entry.version)).toEqual(['3.12', '3.11', '3.10']);
    expect(body.results[0]).toEqual({
      version: '3.12',
      system_models: ['cutoff', 'apos', 'consequential', 'EN15804'],
      release_date: '2025-11-05',
    });
    // The demo licence lacks 3.10 / EN15804.
    expect(body.results[2]?.system_models).toEqual(['cutoff', 'apos', 'consequential']);
  });

  it('follows a configured licence', async () => {
    const narrow = await buildEmulator({
      config: emulatorConfigFromEnv({
        EMULATOR_LICENCE: '3.11/cutoff,3.12/*,!3.12/apos',
        EMULATOR_SCALE: '0.05',
      }),
    });
    const { client } = narrow.state.config;
    const token = (
      await narrow.app.inject({
        method: 'POST',
        url: TOKEN_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${client.id}&client_secret=${client.secret}`,
      })
    ).json<{ access_token: string }>().access_token;
    const body = VersionsResponseSchema.parse(
      (
        await narrow.app.inject({
          url: '/v0/versions',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(body.results).toEqual([
      {
        version: '3.12',
        system_models: ['cutoff', 'consequential', 'EN15804'],
        release_date: '2025-11-05',
      },
      { version: '3.11', system_models: ['cutoff'], release_date: '2024-11-19' },
    ]);
    await narrow.app.close();
  });

  it('refuses a request without a token as FastAPI does', async () => {
    const response = await emulator.app.inject({ url: '/v0/versions' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('refuses a token it did not issue', async () => {
    const response = await emulator.app.inject({
      url: '/v0/versions',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Invalid or expired token' });
  });

  it('refuses a token once its lifetime is over', async () => {
    const token = await serviceToken();
    now += 301_000;
    const response = await emulator.app.inject({
      url: '/v3/api1/versions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(['/v0/nothing-here', '/nothing-here'])(
    'answers the unknown path %s with 404 {detail}, before any auth, as FastAPI routes do',
    async (url) => {
      const response = await emulator.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not Found' });
    },
  );
});
