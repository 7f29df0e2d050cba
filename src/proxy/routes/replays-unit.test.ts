import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserVerifier } from '../auth/user-auth';
import { gzipOf } from '../cache/compressed';
import { ResponseCache } from '../cache/response-cache';
import { UserLimits } from '../limits/user-limits';
import { CACHE_CONTROL } from './kept-answers';
import { Replays, type ReplayDeps } from './replays';

// Replays on a bare Node server, with a cache and limits of their own: an answer large enough
// to gzip (the emulator's dataset documentation is not, a real service's may be), and the caps
// on the targets remembered. Through a proxy: replays.test.ts.
const user = { subject: 's', userId: 'u', clientId: undefined, isAdmin: false };
const verifier = Object.assign(async () => user, { remembered: () => user }) as UserVerifier;
const silent = { level: 'silent' } as FastifyBaseLogger;
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

const attach = (replays: Replays, cache: ResponseCache, deps: Partial<ReplayDeps> = {}) =>
  replays.attach({
    cache,
    verifier,
    limits: new UserLimits({ perMinute: 100, concurrent: 1, now: Date.now }),
    log: silent,
    closing: () => false,
    cors: false,
    trustedProxies: [],
    listed: () => true,
    ...deps,
  });

const RELEASE = { version: '3.12', systemModel: 'cutoff' };

async function started(replays: Replays) {
  const fullPath: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) =>
    replays.handle(req, res, () => {
      fullPath.push(req.url ?? '');
      res.end('full path');
    }),
  );
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, fullPath };
}

describe('a kept answer worth compressing', () => {
  it('goes the full path until its gzip is made, then replayed gzipped under the gzip validator', async () => {
    const cache = new ResponseCache(64 * 1024 * 1024);
    const body = JSON.stringify({ text: 'market for electricity, low voltage '.repeat(200) });
    const answer = await cache.getOrProduce('GET /api/datasets/1 v', async () => body, {
      store: true,
    });
    const replays = new Replays();
    attach(replays, cache);
    replays.learn('/api/datasets/1?version=3.12', answer, CACHE_CONTROL.immutable, RELEASE);
    const { origin, fullPath } = await started(replays);
    const ask = () =>
      fetch(`${origin}/api/datasets/1?version=3.12`, {
        headers: { authorization: 'Bearer t', 'accept-encoding': 'gzip' },
      });

    expect(await (await ask()).text()).toBe('full path');
    const gzipped = await gzipOf(answer);
    const replayed = await ask();
    expect(fullPath).toHaveLength(1);
    expect(replays.replayed).toBe(1);
    expect(replayed.headers.get('content-encoding')).toBe('gzip');
    expect(replayed.headers.get('etag')).toBe(`${answer.etag.slice(0, -1)}-gzip"`);
    expect(replayed.headers.get('vary')).toBe('Authorization, Accept-Encoding');
    expect(Number(replayed.headers.get('content-length'))).toBe(gzipped.length);
    expect(gunzipSync(gzipped).toString()).toBe(body);
    expect(await replayed.text()).toBe(body);

    // As it is, to a client that takes no gzip.
    const plain = await fetch(`${origin}/api/datasets/1?version=3.12`, {
      headers: { authorization: 'Bearer t', 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(await plain.text()).toBe(body);
  });
});

describe('the targets remembered', () => {
  it('are capped by number and by the text they hold: the oldest are forgotten and go the full path', async () => {
    const cache = new ResponseCache(64 * 1024 * 1024);
    const kept = async (id: number) =>
      cache.getOrProduce(`GET /api/datasets/${id}`, async () => `{"id":${id}}`, { store: true });
    const replays = new Replays({ targets: 3, bytes: 8_100 });
    attach(replays, cache);
    for (const id of [1, 2, 3, 4])
      replays.learn(`/api/datasets/${id}?v`, await kept(id), CACHE_CONTROL.immutable, RELEASE);
    expect(replays.size.targets).toBe(3);
    const { origin, fullPath } = await started(replays);
    const ask = async (id: number) =>
      (
        await fetch(`${origin}/api/datasets/${id}?v`, { headers: { authorization: 'Bearer t' } })
      ).text();
    expect(await ask(1)).toBe('full path');
    expect(await ask(4)).toBe('{"id":4}');

    // One long target takes the room of the others.
    const long = `/api/datasets/5?${'x'.repeat(4_000)}`;
    replays.learn(long, await kept(5), CACHE_CONTROL.immutable, RELEASE);
    expect(replays.size).toEqual({
      targets: 1,
      bytes: 2 * (long.length + 'GET /api/datasets/5'.length),
    });
    expect(await ask(4)).toBe('full path');
    expect(fullPath).toEqual(['/api/datasets/1?v', '/api/datasets/4?v']);
  });
});

describe('the licence', () => {
  it('a kept answer of a release the licence no longer lists goes the full path, which refuses it', async () => {
    const cache = new ResponseCache(64 * 1024 * 1024);
    const answer = await cache.getOrProduce('GET /api/indicators c', async () => '{"n":1}', {
      store: true,
    });
    let listed = true;
    const asked: { version: string; systemModel: string }[] = [];
    const replays = new Replays();
    attach(replays, cache, {
      listed: (release) => {
        asked.push(release);
        return listed;
      },
    });
    const consequential = { version: '3.12', systemModel: 'consequential' };
    replays.learn('/api/indicators?c', answer, CACHE_CONTROL.immutable, consequential);
    const { origin, fullPath } = await started(replays);
    const ask = async () =>
      (
        await fetch(`${origin}/api/indicators?c`, { headers: { authorization: 'Bearer t' } })
      ).text();
    expect(await ask()).toBe('{"n":1}');
    listed = false;
    expect(await ask()).toBe('full path');
    expect(replays.replayed).toBe(1);
    expect(fullPath).toEqual(['/api/indicators?c']);
    // Asked about the release the answer was learned with, each time.
    expect(asked).toEqual([consequential, consequential]);
  });
});

describe('shutting down', () => {
  it('a replay whose rate count was still being taken when shutdown began closes its connection', async () => {
    const cache = new ResponseCache(64 * 1024 * 1024);
    const answer = await cache.getOrProduce('GET /api/datasets/1', async () => '{"id":1}', {
      store: true,
    });
    let counted: ((headers: Record<string, string>) => void) | undefined;
    let closing = false;
    const replays = new Replays();
    attach(replays, cache, {
      // A count that takes its time, as Redis's may.
      limits: {
        take: () => new Promise((resolve) => (counted = resolve)),
        withSlot: (_key, call) => call(),
        spend: async () => undefined,
      },
      closing: () => closing,
    });
    replays.learn('/api/datasets/1?v', answer, CACHE_CONTROL.immutable, RELEASE);
    const { origin } = await started(replays);
    const asked = fetch(`${origin}/api/datasets/1?v`, { headers: { authorization: 'Bearer t' } });
    // Waits for the replay to ask for the count (the request is on its way).
    await expect.poll(() => counted).toBeDefined();
    closing = true;
    counted?.({});
    const replayed = await asked;
    expect(replays.replayed).toBe(1);
    expect(replayed.headers.get('connection')).toBe('close');
    expect(await replayed.text()).toBe('{"id":1}');
  });
});
