import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { ProblemSchema } from '../shared/problem';
import type { Proxy } from './app';
import { useStubHarness } from './testing/stub-harness';

// The security catalogue of ../shared/design/security.md §4.2, against a recording stub upstream:
// the allow-list, headers both ways and CORS (limits and slow clients: security-limits.test.ts;
// bodies, failures, the service token and shutdown: security-failures.test.ts).
const { stub, tokens, proxy, as, advance } = useStubHarness({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
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
        `${requestLine}\r\n${headers}\r\nAuthorization: Bearer ${tokens().a}\r\nConnection: close\r\n\r\n`,
      );
    });
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('SEC-03: the allow-list', () => {
  it('forwards an allowed route to exactly the mapped path on the configured origin', async () => {
    const p = await proxy();
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(200);
    // The page parameters are the proxy's own (DATA_API_SEARCH_PAGING, DATA_API_PAGE_SIZE).
    expect(stub().requests.map((r) => r.url)).toEqual([
      '/v0/indicators?from=0&limit=100&system_model=cutoff&version=3.12',
    ]);
    expect(stub().requests[0]?.headers.host).toBe(new URL(stub().origin).host);
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
    expect(stub().requests).toHaveLength(0);
  });

  it('refuses an absolute-form and a scheme-relative request target (SEC-03d, SEC-03e)', async () => {
    const p = await proxy();
    expect(await raw(p, 'GET http://evil.example/api/versions HTTP/1.1')).toMatch(
      /^HTTP\/1\.1 400/,
    );
    expect(await raw(p, 'GET //evil.example/api/versions HTTP/1.1')).toMatch(
      /^HTTP\/1\.1 (400|404)/,
    );
    expect(stub().requests).toHaveLength(0);
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
    expect(stub().requests.map((r) => [r.headers.host, r.url])).toEqual([
      [
        new URL(stub().origin).host,
        '/v0/indicators?from=0&limit=100&system_model=cutoff&version=3.12',
      ],
    ]);
    const relay = await p.app.inject({
      url: '/api/indicators?url=http://169.254.169.254/',
      headers: as('a'),
    });
    expect(relay.statusCode).toBe(400);
    expect(stub().requests).toHaveLength(1);
  });

  it('refuses a version the licence does not list on every route once it has the list', async () => {
    const p = await proxy();
    // The explorer asks for the licence's list on every load, beside its page's own queries.
    expect((await p.app.inject({ url: '/api/versions', headers: as('a') })).statusCode).toBe(200);
    // The stub's licence lists 3.12 alone: another version, as a mistyped link would name it.
    const requests = [
      { url: '/api/indicators?version=3.99' },
      { url: '/api/datasets?version=3.99&query=steel' },
      { url: '/api/datasets/2989?version=3.99' },
      {
        method: 'POST' as const,
        url: '/api/datasets/batch?version=3.99',
        payload: JSON.stringify({ dataset_ids: [2989] }),
      },
    ];
    for (const request of requests) {
      const response = await p.app.inject({
        ...request,
        headers: as('a', { 'content-type': 'application/json' }),
      });
      expect(response.statusCode, request.url).toBe(404);
      const problem = ProblemSchema.parse(response.json());
      expect(problem.code, request.url).toBe('not_found');
      expect(problem.detail, request.url).toMatch(
        /^The licence lists no release 3\.99 with system model cutoff\.$/,
      );
    }
    // Nothing for those releases reached the data service: only the list and its own check.
    const sent = stub().requests.map((r) => new URL(r.url, stub().origin));
    expect(sent.map((url) => url.pathname)).toContain('/v0/versions');
    for (const url of sent) {
      expect(url.searchParams.get('version'), url.href).not.toBe('3.99');
    }
  });

  /** The stub's licence lists `listed()`, read again each time the proxy asks. */
  function licence(listed: () => { version: string; system_models: string[] }[]) {
    stub().state.script = (url) =>
      url.pathname === '/v0/versions' ? { body: { results: listed() } } : undefined;
  }
  /** The proxy its own HTTP server, so cache replays (routes/replays.ts) take their part. */
  async function over(p: Proxy) {
    const { port } = new URL(await p.app.listen({ host: '127.0.0.1', port: 0 }));
    return async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: as('a') });
      return { status: response.status, body: await response.json() };
    };
  }
  /** The version list's time in the proxy's cache (cache/catalog.ts), and a moment more. */
  const LIST_KEPT_MS = 5 * 60_000 + 1;
  /** A licence of 3.11 in both system models and 3.12 in both until `drop()` leaves it cutoff. */
  function consequentialDropped() {
    let models = ['cutoff', 'consequential'];
    licence(() => [
      { version: '3.11', system_models: ['cutoff', 'consequential'] },
      { version: '3.12', system_models: models },
    ]);
    return () => {
      models = ['cutoff'];
    };
  }
  const versionsRead = () =>
    stub().requests.filter((request) => request.url.startsWith('/v0/versions')).length;

  it('gives no kept answer of a system model the licence has dropped, replayed or not', async () => {
    const drop = consequentialDropped();
    try {
      const p = await proxy();
      const get = await over(p);
      expect((await get('/api/versions')).status).toBe(200);
      const dropped = '/api/indicators?version=3.12&system_model=consequential';
      const kept = '/api/indicators?version=3.12&system_model=cutoff';
      for (const path of [dropped, dropped, kept]) expect((await get(path)).status).toBe(200);
      expect(p.replays.replayed).toBe(1);

      // The licence drops consequential; the explorer's next page reads the list again.
      drop();
      advance(LIST_KEPT_MS);
      expect((await get('/api/versions')).status).toBe(200);
      const sent = stub().requests.length;
      for (const attempt of [1, 2]) {
        const refused = await get(dropped);
        expect(refused.status, `attempt ${attempt}`).toBe(403);
        const problem = ProblemSchema.parse(refused.body);
        expect(problem.code).toBe('not_licensed');
        expect(problem.detail).toBe(
          'The licence lists release 3.12 with system model cutoff, not consequential.',
        );
      }
      // The full path refuses it too (app.inject never takes a replay).
      const injected = await p.app.inject({ url: dropped, headers: as('a') });
      expect(injected.statusCode).toBe(403);
      // Neither a replay nor the data service answered it; the model still listed is answered.
      expect(p.replays.replayed).toBe(1);
      expect(stub().requests.slice(sent)).toEqual([]);
      expect((await get(kept)).status).toBe(200);
      expect(p.replays.replayed).toBe(2);
    } finally {
      stub().state.script = undefined;
    }
  });

  it('reads the list again before refusing a release the list read earlier lacks', async () => {
    let listed = [{ version: '3.12', system_models: ['cutoff'] }];
    licence(() => listed);
    try {
      const p = await proxy();
      const get = await over(p);
      expect((await get('/api/versions')).status).toBe(200);
      // Past the list's time in the cache, a release added to the licence since is answered.
      listed = [...listed, { version: '3.13', system_models: ['cutoff'] }];
      advance(LIST_KEPT_MS);
      const before = versionsRead();
      expect((await get('/api/indicators?version=3.13&system_model=cutoff')).status).toBe(200);
      expect(versionsRead()).toBe(before + 1);
      // A release the list lacks when read again is refused as before, with no other call.
      advance(LIST_KEPT_MS);
      const sent = stub().requests.length;
      const refused = await get('/api/indicators?version=3.99&system_model=cutoff');
      expect(refused.status).toBe(404);
      expect(ProblemSchema.parse(refused.body).detail).toBe(
        'The licence lists no release 3.99 with system model cutoff.',
      );
      expect(
        stub()
          .requests.slice(sent)
          .map((request) => request.url),
      ).toEqual([expect.stringMatching(/^\/v0\/versions/)]);
    } finally {
      stub().state.script = undefined;
    }
  });

  it('refuses the latest release in a system model the licence does not list with it', async () => {
    consequentialDropped()();
    try {
      const p = await proxy();
      const get = await over(p);
      for (const path of [
        '/api/indicators?version=latest&system_model=consequential',
        '/api/indicators?system_model=consequential',
      ]) {
        const refused = await get(path);
        expect(refused.status, path).toBe(403);
        expect(ProblemSchema.parse(refused.body).detail).toBe(
          'The licence lists release 3.12 with system model cutoff, not consequential.',
        );
      }
      expect((await get('/api/indicators?version=latest')).status).toBe(200);
      expect(
        stub().requests.filter(
          (request) =>
            request.url.startsWith('/v0/indicators') && request.url.includes('consequential'),
        ),
      ).toEqual([]);
    } finally {
      stub().state.script = undefined;
    }
  });

  it('reads a list past its time again before answering, replayed or not', async () => {
    const drop = consequentialDropped();
    try {
      const p = await proxy();
      const get = await over(p);
      const dropped = '/api/indicators?version=3.12&system_model=consequential';
      expect((await get('/api/versions')).status).toBe(200);
      for (const attempt of [1, 2]) expect((await get(dropped)).status, `${attempt}`).toBe(200);
      expect(versionsRead()).toBe(1);
      expect(p.replays.replayed).toBe(1);
      // Dropped, and nobody asks for the list: past its time, the next request reads it first.
      drop();
      advance(LIST_KEPT_MS);
      for (const attempt of [1, 2]) expect((await get(dropped)).status, `${attempt}`).toBe(403);
      expect((await p.app.inject({ url: dropped, headers: as('a') })).statusCode).toBe(403);
      expect(versionsRead()).toBe(2);
      expect(p.replays.replayed).toBe(1);
    } finally {
      stub().state.script = undefined;
    }
  });

  it('asks the service as before when the list cannot be read again', async () => {
    let down = false;
    stub().state.script = (url) =>
      url.pathname === '/v0/versions'
        ? down
          ? { status: 500, body: { detail: 'down' } }
          : { body: { results: [{ version: '3.12', system_models: ['cutoff'] }] } }
        : undefined;
    try {
      const p = await proxy();
      const get = await over(p);
      expect((await get('/api/versions')).status).toBe(200);
      down = true;
      advance(LIST_KEPT_MS);
      // 3.13 is not in the list last read, and the list cannot be read: the service answers.
      const sent = stub().requests.length;
      expect((await get('/api/indicators?version=3.13&system_model=cutoff')).status).toBe(200);
      expect(
        stub()
          .requests.slice(sent)
          .some((request) => request.url.includes('version=3.13')),
      ).toBe(true);
    } finally {
      stub().state.script = undefined;
    }
  });

  it('never follows an upstream redirect (SEC-03i)', async () => {
    const elsewhere: string[] = [];
    const other = createServer((socket) => {
      elsewhere.push('connection');
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    stub().state.mode = 'redirect';
    stub().state.redirectTo = `http://127.0.0.1:${(other.address() as AddressInfo).port}/steal`;
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
    const headers = stub().requests[0]?.headers ?? {};
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
    expect(JSON.stringify(headers)).not.toContain(tokens().a);
    expect(headers['x-user-id']).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('passes none of the upstream’s own headers to the browser (SEC-04b)', async () => {
    stub().state.mode = 'hostile-headers';
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
    expect(stub().requests).toHaveLength(0);
  });
});
