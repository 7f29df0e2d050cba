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
  it('reads expires_in from the answer, and says which fields it had', async () => {
    expect(
      await client(200, { access_token: 't', token_type: 'Bearer', expires_in: 300, scope: 'x' })(),
    ).toEqual({
      accessToken: 't',
      expiresInSeconds: 300,
      fields: ['access_token', 'expires_in', 'scope', 'token_type'],
      assumed: [],
    });
  });

  it('assumes 60 s, with a warning, when expires_in is missing', async () => {
    const warnings: string[] = [];
    const grant = await client(200, { access_token: 't', token_type: 'bearer' }, warnings)();
    expect(grant.expiresInSeconds).toBe(60);
    expect(grant.assumed).toEqual([
      'token_type “bearer”: read as Bearer',
      'expires_in absent: the token is renewed after 60 s',
    ]);
    expect(warnings).toHaveLength(2);
  });

  it('takes an answer without token_type, as one was recorded from the live service, as bearer, and says so', async () => {
    const warnings: string[] = [];
    const grant = await client(
      200,
      { access_token: 't', expires_in: '300', scope: 'profile' },
      warnings,
    )();
    expect(grant).toMatchObject({ accessToken: 't', expiresInSeconds: 300 });
    expect(grant.assumed).toEqual([
      'token_type absent: bearer assumed',
      'expires_in sent as text: read as a number',
    ]);
    expect(warnings.join('\n')).toContain('bearer assumed');
  });

  it.each([
    ['a MAC token', { access_token: 't', token_type: 'mac', expires_in: 300 }, /type “mac”/],
    [
      'an answer without access_token',
      { token_type: 'Bearer', expires_in: 300 },
      /access_token is absent \(the answer had expires_in, token_type\)/,
    ],
  ])('never takes %s as a token, and names the field', async (_name, body, detail) => {
    const error = await client(200, body)().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'upstream_auth_config' });
    expect((error as ProxyError).message).toMatch(detail);
  });

  it('never takes a body that is not JSON as a token', async () => {
    await expect(client(200, '<html>oops</html>')()).rejects.toMatchObject({
      code: 'idp_unavailable',
    });
  });

  it('calls invalid_client a setup error naming the variables, never their values', async () => {
    const error = await client(401, { error: 'invalid_client' })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_auth_config' });
    expect(JSON.stringify((error as ProxyError).toProblem('r'))).not.toContain('secret-value');
  });
});
