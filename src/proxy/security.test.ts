import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import type { Proxy } from './app';
import { startUpstreamStub } from './testing/upstream-stub';
import { proxyOnStub } from './testing/emulator-proxy';
import type { UpstreamRequest, UpstreamResponse } from './upstream/http-client';
import { openedProxies } from './testing/opened-proxies';

// The security catalogue of ../shared/design/security.md §4.2, against a recording stub upstream.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let stub: Awaited<ReturnType<typeof startUpstreamStub>>;
let tokens: { a: string; b: string };
let now = Date.now();
const opened = openedProxies();

async function proxy(
  env: Record<string, string> = {},
  deps: { upstream?: UpstreamRequest; logStream?: Writable } = {},
) {
  const built = await proxyOnStub(stub, emulator, env, { now: () => now, ...deps });
  opened.keep(built);
  return built;
}

const as = (who: keyof typeof tokens, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${tokens[who]}`,
  ...extra,
});

/** Sends a raw request line, as fetch would never let us. */
const listening = new WeakMap<Proxy, Promise<string>>();
async function raw(
  target: Proxy,
  requestLine: string,
  headers = 'Host: 127.0.0.1',
): Promise<string> {
  if (!listening.has(target))
    listening.set(target, target.app.listen({ host: '127.0.0.1', port: 0 }));
  const { port } = new URL(
    await (listening.get(target) ?? Promise.reject(new Error('not listening'))),
  );
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `${requestLine}\r\n${headers}\r\nAuthorization: Bearer ${tokens.a}\r\nConnection: close\r\n\r\n`,
      );
    });
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  stub = await startUpstreamStub();
  const signIn = async (username: string) =>
    (
      await signInWithCode({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        username,
      })
    ).access_token;
  tokens = { a: await signIn('demo'), b: await signIn('maria') };
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.tokenRequests.length = 0;
  Object.assign(stub.state, {
    mode: 'ok',
    tokenMode: 'ok',
    expiresIn: 300,
    tokens: 0,
    currentToken: '',
    delayMs: 300,
    maxInflight: 0,
  });
  now = Date.now();
});
afterEach(async () => {
  await opened.closeAll();
});
afterAll(async () => {
  await stub.close();
  await emulator.close();
});

describe('SEC-03: the allow-list', () => {
  it('forwards an allowed route to exactly the mapped path on the configured origin', async () => {
    const p = await proxy();
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(200);
    // The page parameters are the proxy's own (DATA_API_SEARCH_PAGING, DATA_API_PAGE_SIZE).
    expect(stub.requests.map((r) => r.url)).toEqual([
      '/v0/indicators?from=0&limit=100&system_model=cutoff&version=3.12',
    ]);
    expect(stub.requests[0]?.headers.host).toBe(new URL(stub.origin).host);
  });

  it.each([
    '/api/../admin',
    '/api/%2e%2e/admin',
    '/api/.%2e/admin',
    '/api/..%2fadmin',
    '/api/a%2Fb/../c',
    '/api/%252e%252e/',
    '/api/\\..\\admin',
    '/api/x/..;/admin',
    '/api/datasets/1%00',
  ])('refuses the traversal %s and forwards nothing (SEC-03b)', async (path) => {
    const p = await proxy();
    const answer = await raw(p, `GET ${path} HTTP/1.1`);
    expect(answer).toMatch(/^HTTP\/1\.1 (400|404)/);
    expect(stub.requests).toHaveLength(0);
  });

  it('refuses an absolute-form and a scheme-relative request target (SEC-03d, SEC-03e)', async () => {
    const p = await proxy();
    expect(await raw(p, 'GET http://evil.example/api/versions HTTP/1.1')).toMatch(
      /^HTTP\/1\.1 400/,
    );
    expect(await raw(p, 'GET //evil.example/api/versions HTTP/1.1')).toMatch(
      /^HTTP\/1\.1 (400|404)/,
    );
    expect(stub.requests).toHaveLength(0);
  });

  it('ignores Host and X-Forwarded-* for routing, and refuses a url parameter (SEC-03f)', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('a', {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-original-url': '/admin',
        'x-rewrite-url': '/admin',
        'x-forwarded-uri': '/admin',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(stub.requests.map((r) => [r.headers.host, r.url])).toEqual([
      [
        new URL(stub.origin).host,
        '/v0/indicators?from=0&limit=100&system_model=cutoff&version=3.12',
      ],
    ]);
    const relay = await p.app.inject({
      url: '/api/indicators?url=http://169.254.169.254/',
      headers: as('a'),
    });
    expect(relay.statusCode).toBe(400);
    expect(stub.requests).toHaveLength(1);
  });

  it('never follows an upstream redirect (SEC-03i)', async () => {
    const elsewhere: string[] = [];
    const other = createServer((socket) => {
      elsewhere.push('connection');
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    stub.state.mode = 'redirect';
    stub.state.redirectTo = `http://127.0.0.1:${(other.address() as AddressInfo).port}/steal`;
    const p = await proxy();
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(502);
    expect(elsewhere).toEqual([]);
    await new Promise((resolve) => other.close(resolve));
  });
});

describe('SEC-04: headers both ways', () => {
  it('sends upstream only the allow-listed headers and the service token, never the user’s', async () => {
    const p = await proxy();
    await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('a', {
        cookie: 'a=b',
        'x-forwarded-for': '1.2.3.4',
        forwarded: 'for=1.2.3.4',
        'x-real-ip': '1.2.3.4',
        'proxy-authorization': 'Basic eA==',
        'x-foo': '1',
        origin: 'http://localhost',
        referer: 'http://localhost/page',
      }),
    });
    const headers = stub.requests[0]?.headers ?? {};
    expect(headers.authorization).toBe('Bearer stub-token-1');
    for (const name of [
      'cookie',
      'x-forwarded-for',
      'forwarded',
      'x-real-ip',
      'proxy-authorization',
      'x-foo',
      'origin',
      'referer',
    ]) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(JSON.stringify(headers)).not.toContain(tokens.a);
    expect(headers['x-user-id']).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('passes none of the upstream’s own headers to the browser (SEC-04b)', async () => {
    stub.state.mode = 'hostile-headers';
    const p = await proxy();
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(200);
    for (const name of [
      'set-cookie',
      'www-authenticate',
      'server',
      'x-powered-by',
      'access-control-allow-origin',
      'strict-transport-security',
    ]) {
      expect(response.headers[name], name).toBeUndefined();
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('SEC-05: CORS', () => {
  it('gives another origin no CORS and refuses its preflight, forwarding nothing', async () => {
    const p = await proxy();
    const preflight = await p.app.inject({
      method: 'OPTIONS',
      url: '/api/indicators',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const actual = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('a', { origin: 'https://evil.example' }),
    });
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly a configured origin, never *', async () => {
    const p = await proxy({ CORS_ORIGINS: 'http://localhost:5173' });
    const preflight = await p.app.inject({
      method: 'OPTIONS',
      url: '/api/indicators',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // What the explorer sends with every call, its page for the usage ledger included.
    expect(String(preflight.headers['access-control-allow-headers']).split(', ')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-explorer-page']),
    );
    expect(stub.requests).toHaveLength(0);
  });
});

describe('SEC-06: per-user limits', () => {
  it('limits each verified user, not the IP address, with RateLimit headers (SEC-06, SEC-13)', async () => {
    const p = await proxy({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: as('a', { 'x-forwarded-for': `10.0.0.${i}` }),
      });
      statuses.push(response.statusCode);
      if (i === 3) {
        expect(response.headers['retry-after']).toBeTruthy();
        expect(response.headers.ratelimit).toMatch(/r=0/);
        expect(response.headers['ratelimit-policy']).toBe('"per-user";q=3;w=60');
        expect(ProblemSchema.parse(response.json()).code).toBe('rate_limited');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('b') })).statusCode,
    ).toBe(200);
  });

  it('limits requests without a valid token per address, and samples their log lines', async () => {
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const p = await proxy({ UNAUTH_RATE_LIMIT_PER_MINUTE: '30', LOG_LEVEL: 'info' }, { logStream });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: i % 2 ? { authorization: 'Bearer forged' } : {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    // Past the limit, requests with no token wait (429); one with a token that is not valid is
    // told so (401), so a client with an expired token renews it instead of waiting in vain.
    expect(statuses.slice(30).filter((_, i) => i % 2 === 0)).toEqual(Array(85).fill(429));
    expect(statuses.slice(30).filter((_, i) => i % 2 === 1)).toEqual(Array(85).fill(401));
    const limited = await p.app.inject({ url: '/api/indicators?version=3.12' });
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.headers['ratelimit-policy']).toBe('"per-address";q=30;w=60');
    // A signed-in user at the same address is served.
    expect(
      (await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') })).statusCode,
    ).toBe(200);
    const unsignedLines = logs.filter((line) => /"statusCode":(401|429)/.test(line));
    // Sampled, not silenced: the first ones of the minute are written.
    expect(unsignedLines.length).toBeGreaterThan(0);
    expect(unsignedLines.length).toBeLessThan(statuses.length / 4);
    expect(stub.requests).toHaveLength(1);
  });

  it('keys requests without a valid token on the client a trusted load balancer names, and on nothing else', async () => {
    const spent = async (env: Record<string, string>, forwardedFor: string[]) => {
      const p = await proxy({ UNAUTH_RATE_LIMIT_PER_MINUTE: '2', ...env });
      const statuses: number[] = [];
      for (const client of forwardedFor)
        statuses.push(
          (
            await p.app.inject({
              url: '/api/indicators?version=3.12',
              headers: { 'x-forwarded-for': client },
              remoteAddress: '127.0.0.1',
            })
          ).statusCode,
        );
      return statuses;
    };
    const clients = ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.3'];
    // Behind nginx at 127.0.0.1: each client its own limit.
    expect(await spent({ TRUSTED_PROXIES: '127.0.0.1' }, clients)).toEqual([401, 401, 401, 401]);
    // The header from an address not trusted is ignored: everyone is the socket's address.
    expect(await spent({ TRUSTED_PROXIES: '10.0.0.0/8' }, clients)).toEqual([401, 401, 429, 429]);
    expect(await spent({}, clients)).toEqual([401, 401, 429, 429]);
  });

  it('lets at most K of one user’s calls reach the upstream at once, a few more wait their turn (SEC-06b)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '2', USER_QUEUE: '1' });
    stub.state.mode = 'slow';
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${id}`, headers: as('a') }),
      ),
    );
    expect(stub.state.maxInflight).toBeLessThanOrEqual(2);
    // Two run, one waits for a slot and is served, the queue of one is full for the other two.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(
      (
        await p.app.inject({
          url: '/api/indicators?version=3.12&system_model=other',
          headers: as('b'),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('serves a burst of 300 calls from one script at the pace of its limit, refusing none', async () => {
    const p = await proxy({ USER_CONCURRENCY: '8' });
    stub.state.mode = 'slow';
    stub.state.delayMs = 10;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=b${i}`, headers: as('a') }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200)).toEqual([]);
    expect(stub.state.maxInflight).toBeLessThanOrEqual(8);
  });
});

/**
 * A client that sends `request` a few bytes at a time and then, if `stallAfter` is given, stops
 * there without closing. Resolves when the server closes the connection, telling how much of
 * the request got through and what came back.
 */
function slowClient(
  address: string,
  request: string,
  options: { bytesPerTick: number; tickMs: number; stallAfter?: number },
): Promise<{ sent: number; answer: string }> {
  const { port } = new URL(address);
  const limit = options.stallAfter ?? request.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), '127.0.0.1', () => {
      timer = setInterval(() => {
        if (sent >= limit || socket.destroyed) return;
        const next = request.slice(sent, Math.min(limit, sent + options.bytesPerTick));
        sent += next.length;
        socket.write(next);
      }, options.tickMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sent, answer });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while the client is still writing.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

describe('SEC-08b: slow clients', () => {
  it('closes a connection whose headers trickle in byte by byte, forwarding nothing', async () => {
    const p = await proxy({ CLIENT_TIMEOUT_MS: '300' });
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    // 40 bytes a second: the whole request would take over ten seconds.
    const request = `GET /api/versions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.a}\r\nX-Padding: ${'a'.repeat(400)}\r\n\r\n`;
    const result = await slowClient(address, request, { bytesPerTick: 2, tickMs: 50 });
    expect(result.sent).toBeLessThan(request.length);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(stub.requests).toHaveLength(0);
  });

  it('closes a connection whose body stalls after the headers, forwarding nothing', async () => {
    const p = await proxy({ CLIENT_TIMEOUT_MS: '300' });
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    const head = `POST /api/datasets/batch?version=3.12 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.a}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const request = `${head}{"dataset_ids": [1, 2, 3]}`.padEnd(head.length + 100);
    const result = await slowClient(address, request, {
      bytesPerTick: 4096,
      tickMs: 10,
      stallAfter: head.length + 10,
    });
    expect(result.sent).toBe(head.length + 10);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('SEC-07, SEC-09, SEC-14: bodies and failures', () => {
  it('refuses a body over 100 kB with 413 and forwards nothing (SEC-07)', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch',
      headers: as('a', { 'content-type': 'application/json' }),
      payload: JSON.stringify({ dataset_ids: Array.from({ length: 20_000 }, (_, i) => i + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(ProblemSchema.parse(response.json()).code).toBe('payload_too_large');
    expect(stub.requests).toHaveLength(0);
  });

  it.each([
    ['an HTML error page', 'html-500', 502, 'upstream_error'],
    ['malformed JSON', 'malformed-json', 502, 'upstream_bad_response'],
  ] as const)(
    'turns %s into problem+json without echoing it (SEC-09)',
    async (_name, mode, status, code) => {
      stub.state.mode = mode;
      const p = await proxy();
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: as('a'),
      });
      expect(response.statusCode).toBe(status);
      expect(ProblemSchema.parse(response.json()).code).toBe(code);
      expect(response.body).not.toMatch(/stack\.py|<html|Internal Server Error/);
    },
  );

  it('answers a refused connection with 503 and Retry-After (SEC-09)', async () => {
    const p = await proxy({ DATA_API_URL: 'http://127.0.0.1:59' });
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeTruthy();
  });

  it('answers an unexpected failure with a generic 500 and a request ID, nothing more (SEC-14)', async () => {
    // The data service's client hands back something that is not an answer at all: a bug.
    const notAnAnswer: unknown = {};
    const p = await proxy({}, { upstream: async () => notAnAnswer as UpstreamResponse });
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(500);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.requestId).toBeTruthy();
    expect(response.body).not.toMatch(/TypeError|at .*\.ts|stub-secret|DATA_API/);
  });
});

describe('SEC-10, SEC-11: the service token', () => {
  const distinct = (p: Proxy, n: number, offset = 0) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        p.app.inject({ url: `/api/datasets/${offset + i + 1}?version=3.12`, headers: as('a') }),
      ),
    );

  it('makes exactly one token request for 1000 concurrent requests at token expiry (SEC-11)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    await distinct(p, 1);
    expect(stub.tokenRequests).toHaveLength(1);
    now += 300_000 - 10_000; // inside the hard skew: everyone must wait for the new token
    const answers = await distinct(p, 1000, 1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub.tokenRequests).toHaveLength(2);
    expect(new Set(stub.requests.slice(1).map((r) => r.headers.authorization))).toEqual(
      new Set(['Bearer stub-token-2']),
    );
  });

  it('makes one extra token request when the upstream rejects the current token, and retries each request once (SEC-11c)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    stub.state.mode = 'reject-current-once';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${i}`, headers: as('a') }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub.tokenRequests).toHaveLength(2);
  });

  it('gives up after one retry when the upstream keeps refusing, still with one extra token (SEC-11c)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    stub.state.mode = 'always-401';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${i}`, headers: as('a') }),
      ),
    );
    expect(
      answers.every(
        (a) =>
          a.statusCode === 502 &&
          a.json<{ code: string }>().code === 'upstream_rejected_credentials',
      ),
    ).toBe(true);
    expect(stub.tokenRequests).toHaveLength(2);
  });

  it('keeps serving with the old token while the identity provider is down (SEC-10c)', async () => {
    const p = await proxy();
    await distinct(p, 1);
    stub.state.tokenMode = 'down';
    now += 300_000 - 60_000; // inside the soft window: a background refresh fails
    const answers = await distinct(p, 5, 10);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub.tokenRequests.length).toBeLessThanOrEqual(2);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing', async () => {
    const p = await proxy();
    stub.state.mode = 'slow';
    stub.state.delayMs = 300;
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    const pending = fetch(`${address}/api/indicators?version=3.12`, { headers: as('a') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = p.app.close();
    const response = await pending;
    expect(response.status).toBe(200);
    await closing;
    opened.forget(p);
  });
});
