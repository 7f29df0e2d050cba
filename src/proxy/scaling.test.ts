import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { SectorsSchema } from '../shared/api/schemas';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { buildProxy, type Proxy } from './app';
import { proxyConfigFromEnv } from './config';
import { connectRedis } from './redis/connection';
import { proxyOnEmulator, TEST_CLIENT } from './testing/emulator-proxy';
import { startRedisServer, type RedisServer } from './testing/redis-server';
import { openedProxies } from './testing/opened-proxies';

// Two proxy instances in this process sharing a real redis-server, in front of the emulator.
// The deployment of several processes behind nginx is tested in src/launcher/fleet.test.ts.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let redis: RedisServer;
let user: { authorization: string };
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';
const quiet = { warn: () => undefined, info: () => undefined };

async function instance(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, { REDIS_URL: redis.url, ...env });
  opened.keep(built);
  return built;
}

const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;
const get = (p: Proxy, url: string) => p.app.inject({ url, headers: user });

beforeAll(async () => {
  [emulator, redis] = await Promise.all([
    startTestEmulator({ ...TEST_CLIENT }),
    startRedisServer(),
  ]);
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  user = { authorization: `Bearer ${signedIn.access_token}` };
});
afterEach(async () => {
  await opened.closeAll();
  const cleaner = await connectRedis(redis.url, quiet);
  await cleaner.redis.flushall();
  await cleaner.close();
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await redis.stop();
  await emulator.close();
});

describe('several instances sharing one Redis', () => {
  it('counts a user’s requests on every instance against one rate limit', async () => {
    // Both instances read the same minute, mid-way, so the burst stays in one window.
    const start = Date.now();
    const now = () => start - (start % 60_000) + 90_000;
    const env = {
      DATA_API_URL: emulator.origin,
      DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
      ...TEST_CLIENT,
      AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      STATIC_DIR: '/nonexistent',
      USAGE_LEDGER_PATH: 'none',
      USAGE_WITNESS_PATH: 'none',
      LOG_LEVEL: 'silent',
      REDIS_URL: redis.url,
      RATE_LIMIT_PER_MINUTE: '4',
    };
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const built = await buildProxy({ config: proxyConfigFromEnv(env), now });
        opened.keep(built);
        return built;
      }),
    );
    if (!a || !b) throw new Error('two instances expected');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await get(i % 2 ? a : b, `/api/indicators?${RELEASE}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts requests without a token from one address on every instance against one limit', async () => {
    const start = Date.now();
    const now = () => start - (start % 60_000) + 90_000;
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(async () => {
        const built = await buildProxy({
          config: proxyConfigFromEnv({
            DATA_API_URL: emulator.origin,
            ...TEST_CLIENT,
            AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
            USAGE_LEDGER_PATH: 'none',
            USAGE_WITNESS_PATH: 'none',
            LOG_LEVEL: 'silent',
            REDIS_URL: redis.url,
            UNAUTH_RATE_LIMIT_PER_MINUTE: '5',
          }),
          now,
        });
        opened.keep(built);
        return built;
      }),
    );
    if (!a || !b || !c) throw new Error('three instances expected');
    // Round the three instances, as a load balancer sends them, from one address.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await [a, b, c][i % 3]?.app.inject({
        url: `/api/indicators?${RELEASE}`,
        remoteAddress: '203.0.113.7',
      });
      statuses.push(answer?.statusCode ?? 0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another address has its own minute.
    const other = await a.app.inject({
      url: `/api/indicators?${RELEASE}`,
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(401);
  });

  it('builds a release’s sector index once for the fleet', async () => {
    // The calls one instance alone makes to index the release, as the yardstick.
    const alone = await proxyOnEmulator(emulator);
    opened.keep(alone);
    const sectors = async (p: Proxy) => {
      for (;;) {
        const answer = SectorsSchema.parse(
          (await get(p, `/api/sectors?version=3.11&system_model=apos`)).json(),
        );
        if (answer.status === 'ready') return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const before = await apiRequests();
    await sectors(alone);
    const oneBuild = (await apiRequests()) - before;

    const [a, b] = [await instance(), await instance()];
    const fleetBefore = await apiRequests();
    const [fromA, fromB] = await Promise.all([sectors(a), sectors(b)]);
    expect(fromB).toEqual(fromA);
    expect((await apiRequests()) - fleetBefore).toBeLessThanOrEqual(oneBuild);
    // A third instance started later reads the index, and calls nothing.
    const late = await instance();
    const lateBefore = await apiRequests();
    expect(await sectors(late)).toEqual(fromA);
    expect((await apiRequests()) - lateBefore).toBe(0);
  });

  it('serves free data and refuses scored requests with 503 while Redis is down, then recovers', async () => {
    const a = await instance();
    expect((await get(a, `/api/datasets/8279?${RELEASE}`)).statusCode).toBe(200);
    await redis.stop();
    try {
      // Cached here, and not cached: free data is still served.
      expect((await get(a, `/api/datasets/8279?${RELEASE}`)).statusCode).toBe(200);
      expect((await get(a, `/api/indicators?${RELEASE}`)).statusCode).toBe(200);
      const scored = await get(a, `/api/datasets/8279?${RELEASE}&indicator_ids=964`);
      expect(scored.statusCode).toBe(503);
      expect(scored.headers['retry-after']).toBeTruthy();
      expect(ProblemSchema.parse(scored.json()).code).toBe('usage_ledger_unavailable');
      expect((await get(a, '/api/usage')).statusCode).toBe(503);
    } finally {
      await redis.restart();
    }
    await expect
      .poll(
        async () => (await get(a, `/api/datasets/8279?${RELEASE}&indicator_ids=964`)).statusCode,
        {
          timeout: 5_000,
          interval: 100,
        },
      )
      .toBe(200);
    const charged = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      dataset_ids: number[];
    };
    expect(charged.dataset_ids).toEqual([8279]);
    expect((await get(a, '/api/usage')).json()).toMatchObject({ charged: { datasets: [8279] } });
  });

  it('warns loudly at start-up when Redis could lose an acknowledged charge', async () => {
    const admin = await connectRedis(redis.url, quiet);
    await admin.redis.config('SET', 'appendfsync', 'everysec');
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    try {
      const built = await buildProxy({
        config: proxyConfigFromEnv({
          DATA_API_URL: emulator.origin,
          ...TEST_CLIENT,
          AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
          STATIC_DIR: '/nonexistent',
          USAGE_LEDGER_PATH: 'none',
          USAGE_WITNESS_PATH: 'none',
          LOG_LEVEL: 'warn',
          REDIS_URL: redis.url,
        }),
        logStream,
      });
      opened.keep(built);
      await expect
        .poll(() => lines.join(''), { timeout: 5_000, interval: 20 })
        .toMatch(
          /NOT CONFIGURED SO THAT AN ACKNOWLEDGED CHARGE IS NEVER LOST.*appendfsync is everysec/,
        );
    } finally {
      await admin.redis.config('SET', 'appendfsync', 'always');
      await admin.close();
    }
  });
});
