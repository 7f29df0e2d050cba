import { describe, expect, it } from 'vitest';
import { proxyConfigFromEnv } from '../config';
import { ProxyError } from '../errors';
import { createTokenClient } from './token-client';

const config = proxyConfigFromEnv({
  DATA_API_URL: 'https://api.example.test',
  DATA_API_TOKEN_URL: 'https://sso.example.test/token',
  DATA_API_CLIENT_ID: 'client',
  DATA_API_CLIENT_SECRET: 'secret-value',
  AUTH_MODE: 'none',
}).dataApi;

/** A token endpoint answering with `body` (an object is sent as JSON). */
function client(status: number, body: unknown, warnings: string[] = []) {
  const fake = (async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  return createTokenClient(config, 1000, {
    fetch: fake,
    warn: (message) => warnings.push(message),
  });
}

describe('the token client (SEC-10d)', () => {
  it('reads expires_in from the answer', async () => {
    expect(
      await client(200, { access_token: 't', token_type: 'Bearer', expires_in: 300 })(),
    ).toEqual({ accessToken: 't', expiresInSeconds: 300 });
  });

  it('assumes 60 s, with a warning, when expires_in is missing', async () => {
    const warnings: string[] = [];
    expect(await client(200, { access_token: 't', token_type: 'bearer' }, warnings)()).toEqual({
      accessToken: 't',
      expiresInSeconds: 60,
    });
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ['a MAC token', { access_token: 't', token_type: 'mac', expires_in: 300 }],
    ['no access token', { token_type: 'Bearer', expires_in: 300 }],
    ['a body that is not JSON', '<html>oops</html>'],
  ])('never takes %s as a token', async (_name, body) => {
    await expect(client(200, body)()).rejects.toMatchObject({ code: 'idp_unavailable' });
  });

  it('calls invalid_client a setup error naming the variables, never their values', async () => {
    const error = await client(401, { error: 'invalid_client' })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_auth_config' });
    expect(JSON.stringify((error as ProxyError).toProblem('r'))).not.toContain('secret-value');
  });
});
