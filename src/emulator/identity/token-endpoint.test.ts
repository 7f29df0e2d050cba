import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { TOKEN_PATH } from './token-endpoint';

const SECRET = 'a secret: with+special&chars';
let emulator: Emulator;

beforeAll(async () => {
  emulator = await buildEmulator({
    config: emulatorConfigFromEnv({
      DATA_API_CLIENT_ID: 'proxy-client',
      DATA_API_CLIENT_SECRET: SECRET,
      EMULATOR_TOKEN_TTL: '300',
      EMULATOR_PUBLIC_ORIGIN: 'http://emulator.test',
      EMULATOR_SCALE: '0.05',
    }),
  });
});
afterAll(() => emulator.app.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: TOKEN_PATH,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('the Keycloak-shaped token endpoint', () => {
  it('issues a JWT for client credentials in the form body, with the configured lifetime', async () => {
    const response = await emulator.app.inject(
      form({ grant_type: 'client_credentials', client_id: 'proxy-client', client_secret: SECRET }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      expires_in: 300,
      token_type: 'Bearer',
      refresh_expires_in: 0,
      scope: 'profile',
    });
    const claims = decodeJwt(String(body.access_token));
    expect(claims.iss).toBe('http://emulator.test/realms/ecoinvent');
    expect(claims.azp).toBe('proxy-client');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts HTTP Basic with the id and secret form-encoded first (RFC 6749 §2.3.1)', async () => {
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    const basic = Buffer.from(`${encode('proxy-client')}:${encode(SECRET)}`).toString('base64');
    const response = await emulator.app.inject({
      ...form({ grant_type: 'client_credentials' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic}`,
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong secret with 401 invalid_client, word for word as Keycloak does', async () => {
    const response = await emulator.app.inject(
      form({ grant_type: 'client_credentials', client_id: 'proxy-client', client_secret: 'wrong' }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
  });

  it('answers an unknown client with 401 invalid_client', async () => {
    const response = await emulator.app.inject(
      form({ grant_type: 'client_credentials', client_id: 'someone', client_secret: SECRET }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers a missing grant_type with 400 invalid_request', async () => {
    const response = await emulator.app.inject(
      form({ client_id: 'proxy-client', client_secret: SECRET }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing form parameter: grant_type',
    });
  });

  it('answers another grant with 400 unsupported_grant_type', async () => {
    const response = await emulator.app.inject(
      form({ grant_type: 'password', client_id: 'proxy-client', client_secret: SECRET }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('counts token requests for the stats route', async () => {
    const before = (await emulator.app.inject({ url: '/_emulator/stats' })).json<{
      token_requests: number;
    }>();
    await emulator.app.inject(
      form({ grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' }),
    );
    const after = (await emulator.app.inject({ url: '/_emulator/stats' })).json<{
      token_requests: number;
    }>();
    expect(after.token_requests).toBe(before.token_requests + 1);
  });
});
