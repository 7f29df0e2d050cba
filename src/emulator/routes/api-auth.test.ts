import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient, serviceToken } from '../testing/api';

// The bearer check in both dialects: the documented one's 401s are in versions.test.ts and
// metering.test.ts; here, the variant's 403 for a token it does not accept, and what stays.

let now = Date.parse('2026-01-01T00:00:00Z');
let documented: Emulator;
let variant: Emulator;

const build = (env: Record<string, string>) =>
  buildEmulator({
    config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05', EMULATOR_TOKEN_TTL: '300', ...env }),
    now: () => now,
  });

beforeAll(async () => {
  [documented, variant] = await Promise.all([build({}), build({ EMULATOR_DIALECT: 'variant' })]);
});
afterAll(() => Promise.all([documented.app.close(), variant.app.close()]));

describe('refusals in the variant dialect', () => {
  it('refuses a token it did not issue, or an expired one, with 403 and no challenge', async () => {
    const foreign = await variant.app.inject({
      url: '/v0/versions',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: 'Invalid or expired token' });
    expect(foreign.headers['www-authenticate']).toBeUndefined();
    const token = await serviceToken(variant);
    now += 301_000;
    const expired = await variant.app.inject({
      url: '/v3/api1/datasets/8279',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired token' });
    const documentedExpired = await documented.app.inject({
      url: '/v3/api1/datasets/8279',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(documentedExpired.statusCode).toBe(401);
  });

  it('refuses the current token once with 403 under the reject_current_token_once fault', async () => {
    const fresh = await apiClient(variant);
    await variant.app.inject({
      method: 'POST',
      url: '/_emulator/faults',
      payload: { reject_current_token_once: true },
    });
    const refused = await fresh.get('/v0/versions');
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { detail: 'Invalid or expired token' },
    ]);
    expect((await fresh.get('/v0/versions')).statusCode).toBe(200);
  });

  it.each(['', 'Basic abc', 'Bearer'])(
    'still answers 401 Not authenticated to the Authorization header %j',
    async (authorization) => {
      const response = await variant.app.inject({
        url: '/v0/versions',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    },
  );

  it('keeps the licence refusal’s 403 and detail', async () => {
    const fresh = await apiClient(variant);
    const response = await fresh.get('/v0/indicators?version=3.10&system_model=EN15804');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: "Your license does not include version '3.10' with system model 'EN15804'",
    });
  });
});
