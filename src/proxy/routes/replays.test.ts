import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { useEmulatorHarness } from '../testing/emulator-harness';

// Cache replays (routes/replays.ts) over real HTTP: `app.inject` goes straight to Fastify and
// never takes them, so every request here goes through a listening proxy.
const { proxy, as, stats } = useEmulatorHarness({
  start: startTestEmulator,
  signIn: signInWithCode,
});

const RELEASE = 'version=3.12&system_model=cutoff';
const DATASET = `/api/datasets/8279?${RELEASE}`;
const MISSING = `/api/datasets/9000001?${RELEASE}`;
const SECTOR = `/api/datasets?sector=Electricity&limit=10&${RELEASE}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function listening(env: Record<string, string> = {}, deps: Parameters<typeof proxy>[1] = {}) {
  const p = await proxy(env, deps);
  await p.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = p.app.server.address() as AddressInfo;
  return {
    p,
    get: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
  };
}

/** Every header but the two that differ per answer (the date and the request ID). */
const lasting = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));

const replayedBy = (p: Proxy) => p.replays.replayed;

describe('a kept answer the full path gave is replayed, the same answer', () => {
  it.each([
    ['the documentation of a dataset', DATASET, 'identity'],
    ['the indicators, gzipped', `/api/indicators?${RELEASE}`, 'gzip'],
    ['a search page, gzipped', `/api/datasets?query=electricity&limit=50&${RELEASE}`, 'gzip'],
    ['a search page of the whole release', `/api/datasets?limit=50&${RELEASE}`, 'gzip'],
  ])(
    '%s in a named release: the same status, body and headers, its own request ID',
    async (_what, target, encoding) => {
      const { p, get } = await listening();
      const headers = { ...as('alice'), 'accept-encoding': encoding };
      const full = await get(target, headers);
      expect(full.status).toBe(200);
      const calls = (await stats()).api_requests;
      const replayed = await get(target, headers);
      expect(replayedBy(p)).toBe(1);
      expect(replayed.status).toBe(200);
      expect(replayed.text).toBe(full.text);
      expect(lasting(replayed.headers)).toEqual(lasting(full.headers));
      expect(replayed.headers.get('x-request-id')).toMatch(UUID);
      expect(replayed.headers.get('x-request-id')).not.toBe(full.headers.get('x-request-id'));
      expect(replayed.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      if (encoding === 'gzip') expect(replayed.headers.get('content-encoding')).toBe('gzip');
      expect((await stats()).api_requests).toBe(calls);
    },
  );

  it('"not in this release": the full path’s 404 as problem+json naming its own request, never a 200', async () => {
    const { p, get } = await listening();
    const full = await get(MISSING, as('alice'));
    expect(full.status).toBe(404);
    const replayed = await get(MISSING, as('alice'));
    expect(replayedBy(p)).toBe(1);
    expect(replayed.status).toBe(404);
    expect(lasting(replayed.headers)).toEqual(lasting(full.headers));
    const problem = ProblemSchema.parse(JSON.parse(replayed.text));
    expect(problem).toEqual({
      ...ProblemSchema.parse(JSON.parse(full.text)),
      requestId: replayed.headers.get('x-request-id'),
    });
  });
});

describe('a replay is logged as the full path logs a request', () => {
  it('one line per answer, with its request ID and status, and never the token', async () => {
    const lines: string[] = [];
    const { p, get } = await listening(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    await get(DATASET, as('alice'));
    const replayed = await get(DATASET, as('alice'));
    expect(replayedBy(p)).toBe(1);
    const completed = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[1]).toMatchObject({
      reqId: replayed.headers.get('x-request-id'),
      req: { method: 'GET', url: DATASET },
      res: { statusCode: 200 },
      replayed: true,
    });
    expect(Object.keys(completed[1] ?? {})).toEqual(
      expect.arrayContaining(Object.keys(completed[0] ?? {})),
    );
    expect(lines.join('\n')).not.toContain(as('alice').authorization.slice('Bearer '.length));
  });

  it.each([
    ['no load balancer trusted: the socket’s address, whatever a client forwards', {}, '127.0.0.1'],
    [
      'behind a trusted load balancer: the client it forwards',
      { TRUSTED_PROXIES: '127.0.0.1' },
      '203.0.113.9',
    ],
  ])('the client named as the full path names it, %s', async (_what, env, client) => {
    const lines: string[] = [];
    const { p, get } = await listening(
      { LOG_LEVEL: 'info', ...env },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const headers = { ...as('alice'), 'x-forwarded-for': '203.0.113.9', 'accept-version': '9' };
    await get(DATASET, headers);
    await get(DATASET, headers);
    expect(replayedBy(p)).toBe(1);
    const [full, replayed] = lines
      .map((line) => JSON.parse(line) as { msg: string; req: unknown })
      .filter((line) => line.msg === 'request completed');
    // Each answer came on a connection of its own: all but the port is the same.
    const withoutPort = (req: unknown) => ({ ...(req as object), remotePort: undefined });
    expect(withoutPort(replayed?.req)).toEqual(withoutPort(full?.req));
    expect(full?.req).toMatchObject({ remoteAddress: client, version: '9' });
    // What a client forwards is written only where a trusted load balancer vouches for it.
    expect(JSON.stringify(replayed).includes('203.0.113.9')).toBe(client === '203.0.113.9');
  });
});

describe('anything a replay cannot vouch for takes the full path', () => {
  it('no token: the full path’s 401, though the target was learned', async () => {
    const { p, get } = await listening();
    await get(DATASET, as('alice'));
    const anonymous = await get(DATASET);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const forged = await get(DATASET, { authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(401);
    expect(replayedBy(p)).toBe(0);
  });

  it('a token not yet verified is verified by the full path first, then replayed', async () => {
    const { p, get } = await listening();
    await get(DATASET, as('alice'));
    expect((await get(DATASET, as('bob'))).status).toBe(200);
    expect(replayedBy(p)).toBe(0);
    expect((await get(DATASET, as('bob'))).status).toBe(200);
    expect(replayedBy(p)).toBe(1);
  });

  it('scored answers (each user’s own), a release not named (latest may move) and sector searches are never replayed', async () => {
    const { p, get } = await listening();
    // The sector index is built in the background: its searches answer 503 until it is ready.
    await expect
      .poll(async () => (await get(SECTOR, as('alice'))).status, { timeout: 30_000 })
      .toBe(200);
    for (const target of [
      `/api/datasets/8279?system_model=cutoff`,
      `/api/datasets/8279?version=latest&system_model=cutoff`,
      `${DATASET}&indicator_ids=882`,
      // The proxy's sector index: each request checks the licence still lists the release.
      SECTOR,
    ]) {
      expect((await get(target, as('alice'))).status).toBe(200);
      expect((await get(target, as('alice'))).status).toBe(200);
    }
    expect(replayedBy(p)).toBe(0);
  });

  it('a conditional request gets the full path’s 304', async () => {
    const { p, get } = await listening();
    const full = await get(DATASET, as('alice'));
    const again = await get(DATASET, {
      ...as('alice'),
      'if-none-match': full.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
    expect(replayedBy(p)).toBe(0);
  });

  it('with CORS configured, a request with an Origin gets the full path’s CORS headers', async () => {
    const { p, get } = await listening({ CORS_ORIGINS: 'https://explorer.example' });
    await get(DATASET, as('alice'));
    const cross = await get(DATASET, { ...as('alice'), origin: 'https://explorer.example' });
    expect(cross.headers.get('access-control-allow-origin')).toBe('https://explorer.example');
    expect(replayedBy(p)).toBe(0);
    await get(DATASET, as('alice'));
    expect(replayedBy(p)).toBe(1);
  });
});

describe('the user’s rate counts replays as the full path counts requests', () => {
  it('the last tenth of the window carries RateLimit headers; past it, the full path’s 429', async () => {
    const { p, get } = await listening({ RATE_LIMIT_PER_MINUTE: '10' });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await get(DATASET, as('alice')));
    expect(replayedBy(p)).toBe(9);
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.slice(0, 8).map((answer) => answer.headers.get('ratelimit'))).toEqual(
      Array(8).fill(null),
    );
    expect(answers[8]?.headers.get('ratelimit')).toMatch(/^"per-user";r=1;t=\d+$/);
    expect(answers[9]?.headers.get('ratelimit')).toMatch(/^"per-user";r=0;t=\d+$/);
    const refused = answers[10];
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ProblemSchema.parse(JSON.parse(refused?.text ?? '')).code).toBe('rate_limited');
  });
});
