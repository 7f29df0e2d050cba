import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { PublicConfigSchema } from '../shared/config';
import { ReleasesSchema } from '../shared/api/schemas';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { buildProxy, type Proxy } from './app';
import { proxyConfigFromEnv } from './config';
import { EXPLORER_VERSION } from './version';

// A random canary secret per run: it must never appear in a response, a log, or the bundle.
const CANARY = `canary-${crypto.randomUUID()}`;
const logs: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logs.push(chunk.toString());
    done();
  },
});
const seen: string[] = [];

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let userToken: string;
let staticDir: string;
let now = Date.now();

function proxyEnv(overrides: Record<string, string | undefined> = {}) {
  return {
    DATA_API_URL: emulator.origin,
    DATA_API_PREFIX: '/v3/api1',
    DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
    DATA_API_CLIENT_ID: 'explorer-proxy',
    DATA_API_CLIENT_SECRET: CANARY,
    AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
    STATIC_DIR: staticDir,
    USAGE_LEDGER_PATH: 'none',
    LOG_LEVEL: 'info',
    ...overrides,
  };
}

async function call(target: Proxy, url: string, headers: Record<string, string> = {}) {
  const response = await target.app.inject({ url, headers });
  seen.push(JSON.stringify(response.headers), response.body);
  return response;
}

const stats = async () =>
  (await fetch(`${emulator.origin}/_emulator/stats`)).json() as Promise<{
    token_requests: number;
    api_requests: number;
  }>;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(staticDir, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js.map'), '{"sources":["secret.ts"]}');
  emulator = await startTestEmulator({
    DATA_API_CLIENT_ID: 'explorer-proxy',
    DATA_API_CLIENT_SECRET: CANARY,
  });
  proxy = await buildProxy({ config: proxyConfigFromEnv(proxyEnv()), logStream, now: () => now });
  userToken = (
    await signInWithCode({ emulatorOrigin: emulator.origin, redirectOrigin: 'http://spa.test' })
  ).access_token;
});

afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
  // SEC-01a/c: the canary secret appeared in no response, header or log line of this suite.
  expect(seen.join('\n')).not.toContain(CANARY);
  expect(logs.join('\n')).not.toContain(CANARY);
  expect(logs.join('\n')).not.toMatch(/Bearer [A-Za-z0-9._-]{20,}/);
});

describe('the proxy in front of the emulator', () => {
  it('answers /api/versions for a signed-in user with the licence’s releases', async () => {
    const response = await call(proxy, '/api/versions', { authorization: `Bearer ${userToken}` });
    expect(response.statusCode).toBe(200);
    const body = ReleasesSchema.parse(response.json());
    expect(body.releases.map((entry) => entry.version)).toEqual(['3.12', '3.11', '3.10']);
    // The licence can change, so the browser revalidates; the ETag makes that cheap.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBeTruthy();
  });

  it('refuses a request without a token before anything is forwarded (SEC-02)', async () => {
    const before = await stats();
    const response = await call(proxy, '/api/versions');
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(ProblemSchema.parse(response.json()).code).toBe('unauthorized');
    expect(await stats()).toEqual(before);
  });

  it.each([
    ['malformed', 'not-a-jwt'],
    [
      'alg none',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
    ],
  ])('refuses a %s token with 401 invalid_token', async (_name, token) => {
    const before = await stats();
    const response = await call(proxy, '/api/versions', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_token' });
    expect(response.headers['www-authenticate']).toContain('invalid_token');
    expect(await stats()).toEqual(before);
  });

  it('refuses a token signed by a key that is not the issuer’s', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'demo' })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(`${emulator.origin}/realms/explorer`)
      .setAudience('urn:lci-explorer:proxy')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const response = await call(proxy, '/api/versions', { authorization: `Bearer ${forged}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a token not yet valid, from another issuer, HMAC-signed with the public key, or in the query (SEC-02b)', async () => {
    const issuer = `${emulator.origin}/realms/explorer`;
    const { privateKey } = await generateKeyPair('RS256');
    const jwks = (await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json()) as {
      keys: Record<string, unknown>[];
    };
    const publicJwk = JSON.stringify(jwks.keys[0]);
    const sign = (claims: { iss?: string; nbf?: number }) =>
      new SignJWT({ sub: 'demo' })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(claims.iss ?? issuer)
        .setAudience('urn:lci-explorer:proxy')
        .setIssuedAt()
        .setNotBefore(claims.nbf ?? Math.floor(Date.now() / 1000) - 10)
        .setExpirationTime('5m')
        .sign(privateKey);
    const hmacWithPublicKey = await new SignJWT({ sub: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setAudience('urn:lci-explorer:proxy')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(publicJwk));
    const before = await stats();
    for (const token of [
      await sign({ nbf: Math.floor(Date.now() / 1000) + 3600 }),
      await sign({ iss: 'https://evil.example/realms/explorer' }),
      hmacWithPublicKey,
    ]) {
      const response = await call(proxy, '/api/versions', { authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
    }
    const inQuery = await call(proxy, `/api/versions?access_token=${userToken}`);
    expect(inQuery.statusCode).toBe(401);
    expect(await stats()).toEqual(before);
  });

  it('refuses a genuine token meant for another audience', async () => {
    const other = await buildProxy({
      config: proxyConfigFromEnv(proxyEnv({ AUTH_AUDIENCE: 'urn:someone-else' })),
      logStream,
    });
    const response = await call(other, '/api/versions', { authorization: `Bearer ${userToken}` });
    expect(response.statusCode).toBe(401);
    await other.app.close();
  });

  it('refuses an expired token', async () => {
    const later = now;
    now += 3600_000;
    const response = await call(proxy, '/api/versions', { authorization: `Bearer ${userToken}` });
    now = later;
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'invalid_token',
      detail: 'Your sign-in has expired. Sign in again.',
    });
  });

  it('answers 503 auth_unavailable, not 401, when the issuer cannot be reached (SEC-02c)', async () => {
    const blind = await buildProxy({
      config: proxyConfigFromEnv(proxyEnv({ AUTH_ISSUER: 'http://127.0.0.1:59/realms/explorer' })),
      logStream,
    });
    const response = await call(blind, '/api/versions', { authorization: `Bearer ${userToken}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'auth_unavailable' });
    await blind.app.close();
  });

  it('answers unknown API paths with 404 problem+json and forwards nothing (SEC-03a)', async () => {
    const before = await stats();
    for (const url of ['/api/admin', '/api/v1/datasets', '/api']) {
      const response = await call(proxy, url, { authorization: `Bearer ${userToken}` });
      expect(response.statusCode).toBe(404);
      expect(ProblemSchema.parse(response.json()).code).toBe('not_found');
    }
    expect(await stats()).toEqual(before);
  });

  it('fetches one service token, and one answer, for many concurrent users (SEC-11b)', async () => {
    const fresh = await buildProxy({ config: proxyConfigFromEnv(proxyEnv()), logStream });
    const before = await stats();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(fresh, '/api/versions', { authorization: `Bearer ${userToken}` }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const after = await stats();
    expect(after.token_requests - before.token_requests).toBe(1);
    // Identical requests in flight are coalesced into one reading of the licence's releases
    // (and one try of each listed combination on the data routes).
    const combinations = ReleasesSchema.parse(responses[0]?.json()).releases.reduce(
      (sum, entry) => sum + entry.system_models.length,
      0,
    );
    expect(after.api_requests - before.api_requests).toBe(1 + combinations);
    await fresh.app.close();
  });

  it('turns invalid_client into a 502 naming the variables to check, and backs off (SEC-10)', async () => {
    const wrong = await buildProxy({
      config: proxyConfigFromEnv(proxyEnv({ DATA_API_CLIENT_SECRET: `${CANARY}-wrong` })),
      logStream,
    });
    const before = await stats();
    const first = await call(wrong, '/api/versions', { authorization: `Bearer ${userToken}` });
    const second = await call(wrong, '/api/versions', { authorization: `Bearer ${userToken}` });
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'upstream_auth_config',
        detail: "Token endpoint rejected the proxy's client credentials (invalid_client)",
        hint: 'Check DATA_API_CLIENT_ID / DATA_API_CLIENT_SECRET',
      });
    }
    const after = await stats();
    expect(after.token_requests - before.token_requests).toBe(1);
    expect(after.api_requests).toBe(before.api_requests);
    await wrong.app.close();
  });

  it('says 503 with Retry-After when the data service’s identity provider is down (SEC-10b)', async () => {
    const down = await buildProxy({
      config: proxyConfigFromEnv(proxyEnv({ DATA_API_TOKEN_URL: 'http://127.0.0.1:59/token' })),
      logStream,
    });
    const response = await call(down, '/api/versions', { authorization: `Bearer ${userToken}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'idp_unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await down.app.close();
  });

  it('publishes only public sign-in settings at /api/config, without a token', async () => {
    const response = await call(proxy, '/api/config');
    expect(response.statusCode).toBe(200);
    expect(PublicConfigSchema.parse(response.json())).toEqual({
      auth: {
        mode: 'oidc',
        issuer: `${emulator.origin}/realms/explorer`,
        clientId: 'lci-explorer',
        scope: 'openid profile',
        programClientId: 'lci-explorer-cli',
      },
      dataService: {
        emulated: false,
        name: `${new URL(emulator.origin).host}/v3/api1`,
        spoldLookup: true,
        sectorIndex: true,
      },
      explorer: { version: EXPLORER_VERSION },
      // Nobody named the licence holder of a real service: reports say so.
      licence: { holder: null },
      limits: { requestsPerMinute: 600, concurrentCalls: 8, queuedCalls: 500, queueSeconds: 10 },
    });
  });

  it('reports health at /healthz', async () => {
    const response = await call(proxy, '/healthz');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('serving the SPA', () => {
  it('answers any page path with index.html, revalidated, under a strict CSP (SEC-12)', async () => {
    for (const url of ['/', '/3.12/cutoff', '/releases?x=1']) {
      const response = await call(proxy, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain(`connect-src 'self' ${emulator.origin}`);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await call(proxy, '/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends assets compressed as the build wrote them, to browsers that take it', async () => {
    const br = await call(proxy, '/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await call(proxy, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await call(proxy, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps source maps and missing assets to itself: 404, never the page', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/gone-123.js']) {
      const response = await call(proxy, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.ts');
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('never answers an API path with the SPA', async () => {
    const response = await call(proxy, '/api/unknown/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
