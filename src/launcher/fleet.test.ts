import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { connectRedis } from '../proxy/redis/connection';
import { TEST_CLIENT } from '../proxy/testing/emulator-proxy';
import { startLedgerAfresh } from '../proxy/testing/fresh-ledger';
import { startRedisServer, type RedisServer } from '../proxy/testing/redis-server';
import { ProblemSchema } from '../shared/problem';
import { SearchResultsSchema } from '../shared/api/schemas';
import { mapLimit } from '../proxy/release-data/read-release';
import { startFleet, type Fleet } from './fleet';

// The deployment of deploy/: three proxy processes sharing a real redis-server, behind nginx
// from deploy/nginx.conf.template, in front of the emulator (in this process, for its meters).
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let redis: RedisServer;
let started: Fleet | undefined;
const fleet = () => {
  if (!started) throw new Error('the fleet did not start');
  return started;
};
let users: { authorization: string }[] = [];
/** Datasets of release 3.12, to ask for distinct answers. */
let ids: number[] = [];
const RELEASE = 'version=3.12&system_model=cutoff';
const BUDGET = 50;
const quiet = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const emulatorJson = async <T>(path: string, body?: unknown): Promise<T> =>
  (await (
    await fetch(`${emulator.origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  ).json()) as T;
const stats = () =>
  emulatorJson<{ api_requests: number; token_requests: number }>('/_emulator/stats');
const meter = () => emulatorJson<{ datasets: number; dataset_ids: number[] }>('/_emulator/ledger');
const faults = (body: Record<string, number>) => emulatorJson('/_emulator/faults', body);

const get = (origin: string, path: string, user = users[0]) =>
  fetch(`${origin}${path}`, { headers: user });
const scored = (id: number) => `/api/datasets/${id}?${RELEASE}&indicator_ids=964`;
const instance = (i: number) => {
  const running = fleet().instances[i];
  if (!running) throw new Error(`no instance ${i}`);
  return running;
};
/**
 * Waits until an instance answers from the shared ledger again: it reconnects within a second
 * of Redis, two on a busy machine; five are allowed.
 */
const backOnLedger = (running: { origin: string }) =>
  expect
    .poll(async () => (await get(running.origin, '/api/usage')).status, {
      timeout: 5_000,
      interval: 100,
    })
    .toBe(200);
const usage = async (origin: string) =>
  (await (await get(origin, '/api/usage')).json()) as {
    datasets: number;
    charged: { datasets: number[] };
    maybe: { datasets: number[] };
    pending: { datasets: number[] };
  };
/**
 * Every dataset the ledger accounts for: charged, of a page whose outcome is unknown, or held by a
 * call not settled yet (one out while Redis was down stays pending until its deadline).
 */
const accounted = async (origin: string) => {
  const { charged, maybe, pending } = await usage(origin);
  return [...charged.datasets, ...maybe.datasets, ...pending.datasets];
};

beforeAll(async () => {
  [emulator, redis] = await Promise.all([
    startTestEmulator({ ...TEST_CLIENT }),
    startRedisServer(),
  ]);
  started = await startFleet({
    count: 3,
    env: {
      PATH: process.env.PATH,
      DATA_API_URL: emulator.origin,
      DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
      ...TEST_CLIENT,
      AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      REDIS_URL: redis.url,
      USAGE_WITNESS_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'witness-')), 'witness.json'),
      SCORE_BUDGET_DATASETS: String(BUDGET),
      RATE_LIMIT_PER_MINUTE: '100000',
      UNAUTH_RATE_LIMIT_PER_MINUTE: '10',
      USER_CONCURRENCY: '1000',
      // Not 3 s: the 1 000 requests at token expiry go 200 at a time to one emulator sharing two
      // cores with other test files, and at 3 s some 60 of them timed out (504) on a busy run.
      UPSTREAM_TIMEOUT_MS: '10000',
      TOKEN_TIMEOUT_MS: '1000',
    },
  });
  users = [];
  for (const username of ['demo', 'maria']) {
    const signedIn = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
    users.push({ authorization: `Bearer ${signedIn.access_token}` });
  }
  const pages = await Promise.all(
    [0, 100, 200, 300].map(async (from) =>
      SearchResultsSchema.parse(
        await (await get(fleet().url, `/api/datasets?${RELEASE}&limit=100&from=${from}`)).json(),
      ),
    ),
  );
  ids = [
    ...new Set(
      pages.flatMap((page) =>
        page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))),
      ),
    ),
  ];
  expect(ids.length).toBeGreaterThanOrEqual(350);
}, 60_000);
afterEach(async () => {
  const cleaner = await connectRedis(redis.url, quiet);
  await startLedgerAfresh(cleaner.redis);
  await cleaner.close();
  await emulatorJson('/_emulator/reset', {});
  // The next test starts with every instance on the shared ledger, so that a test that failed
  // half-way with Redis stopped keeps its failure to itself.
  for (const running of started?.instances ?? []) {
    if (!running.alive()) continue;
    await backOnLedger(running);
  }
});
afterAll(async () => {
  await started?.stop();
  await redis.stop();
  await emulator.close();
});

describe('several proxy instances behind nginx, sharing one Redis', () => {
  it('makes one upstream call for the same new request sent to three instances at once', async () => {
    const path = `/api/datasets/${ids[0]}?version=3.12&system_model=apos`;
    const before = (await stats()).api_requests;
    const answers = await Promise.all(
      fleet().instances.map(async (running) => {
        const response = await get(running.origin, path);
        return { status: response.status, body: await response.text() };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await stats()).api_requests - before).toBe(1);
  });

  it('makes at most one token request per instance for 1 000 requests at token expiry', async () => {
    // Each instance gets a token that lives 2 s; the next ones the emulator gives live an hour.
    await faults({ token_ttl_seconds: 2 });
    for (const [i, running] of fleet().instances.entries())
      expect((await get(running.origin, `/api/datasets/${ids[i]}?${RELEASE}`)).status).toBe(200);
    await faults({ token_ttl_seconds: 3600 });
    await sleep(2_100);
    const before = (await stats()).token_requests;
    const paths = ['cutoff', 'apos', 'EN15804']
      .flatMap((model) => ids.map((id) => `/api/datasets/${id}?version=3.12&system_model=${model}`))
      .slice(10, 1010);
    const statuses = await mapLimit(
      paths,
      200,
      async (path) => (await get(fleet().url, path)).status,
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await stats()).token_requests - before).toBeLessThanOrEqual(3);
  });

  it('charges exactly the budget for 200 concurrent distinct scored requests over two instances', async () => {
    await faults({ latency_ms: 100 });
    const answers = await Promise.all(
      ids.slice(0, 200).map(async (id, i) => {
        const response = await get(instance(i % 2).origin, scored(id), users[i % users.length]);
        return { id, status: response.status, body: await response.json() };
      }),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(ok).toHaveLength(BUDGET);
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(ProblemSchema.parse(answer.body).code).toBe('budget_exhausted');
    }
    const charged = await meter();
    expect(charged.datasets).toBe(BUDGET);
    expect(charged.dataset_ids.sort((a, b) => a - b)).toEqual(
      ok.map((answer) => answer.id).sort((a, b) => a - b),
    );
    expect((await usage(instance(2).origin)).datasets).toBe(BUDGET);
  });

  it('keeps serving free data while Redis is stopped and restarted under load, never a scored answer uncounted', async () => {
    const free = ids.slice(0, 40).map((id) => `/api/datasets/${id}?version=3.12&system_model=apos`);
    const paid = ids.slice(100, 140);
    const outcomes: { path: string; status: number; code?: string }[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = w; !stop; i += 4) {
        const path = i % 2 ? (free[i % free.length] ?? '') : scored(paid[i % paid.length] ?? 0);
        const response = await get(fleet().url, path);
        const body = (await response.json()) as { code?: string };
        outcomes.push({ path, status: response.status, ...(body.code ? { code: body.code } : {}) });
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(300);
    await redis.stop();
    // The load above may by now be served from each instance's own cache alone (answers already
    // charged); so each instance is also asked, while Redis is down, for a score nobody asked for
    // yet, and for documentation it has not served yet.
    const unasked = ids.slice(300, 300 + fleet().instances.length);
    const outage = await Promise.all(
      fleet().instances.map(async (running, i) => {
        const id = unasked[i] ?? 0;
        const paidAnswer = await get(running.origin, scored(id));
        const freeAnswer = await get(
          running.origin,
          `/api/datasets/${id}?version=3.12&system_model=EN15804`,
        );
        return {
          scored: {
            status: paidAnswer.status,
            code: ((await paidAnswer.json()) as { code?: string }).code,
          },
          free: freeAnswer.status,
        };
      }),
    );
    expect(outage).toEqual(
      fleet().instances.map(() => ({
        scored: { status: 503, code: 'usage_ledger_unavailable' },
        free: 200,
      })),
    );
    await sleep(500);
    const duringOutage = outcomes.length;
    await redis.restart();
    // Recovers by itself: scored requests are answered again within seconds (reconnects every
    // second at most; the restarted server first replays its append-only file, which other test
    // files' disk writes can slow to several seconds on a busy machine).
    await expect
      .poll(async () => (await get(fleet().url, scored(paid[0] ?? 0))).status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(200);
    stop = true;
    await load;
    expect(outcomes.length).toBeGreaterThan(duringOutage);
    for (const outcome of outcomes) {
      if (outcome.path.includes('indicator_ids')) {
        expect([200, 503]).toContain(outcome.status);
        // Refused by the ledger, or (a call reserved as Redis went) when its evidence could not
        // be kept: counted either way, never answered uncounted.
        if (outcome.status === 503)
          expect(['usage_ledger_unavailable', 'evidence_unavailable']).toContain(outcome.code);
      } else expect(outcome.status).toBe(200);
    }
    // Every instance is back on the shared ledger, which accounts for every charge the service
    // made: as charged, or as pending when its call was out while Redis was down.
    const charged = (await meter()).dataset_ids;
    for (const running of fleet().instances) {
      await backOnLedger(running);
      const recorded = await accounted(running.origin);
      expect(charged.filter((id) => !recorded.includes(id))).toEqual([]);
    }
  }, 45_000);

  it('loses no charge when an instance is killed with SIGKILL mid-burst', async () => {
    // A second at the service: every call is still waiting there when the instance dies.
    await faults({ latency_ms: 1_000 });
    // Through nginx, which sends a request the dead instance dropped to another one; and straight
    // to the instance that dies, whose calls only its intents in Redis know of.
    const viaNginx = ids
      .slice(200, 230)
      .map((id, i) =>
        get(fleet().url, scored(id), users[i % users.length]).then((response) => response.status),
      );
    const direct = ids.slice(230, 250).map((id) =>
      get(instance(2).origin, scored(id)).then(
        (response) => response.status,
        () => 'dropped',
      ),
    );
    // Killed once every call has reached the service and waits there for its answer: 50 intents
    // written to Redis with fsync first, by three processes sharing two cores with other tests.
    await expect
      .poll(async () => (await stats()).api_requests, { timeout: 20_000, interval: 20 })
      .toBeGreaterThanOrEqual(50);
    await instance(2).stop('SIGKILL');
    // Its calls are in Redis as intents, charged in full once its heartbeat lapses (5 s).
    const admin = await connectRedis(redis.url, quiet);
    const open = await admin.redis.hlen(`lci:ledger:${new Date().getUTCFullYear()}:intents`);
    await admin.close();
    expect(open).toBeGreaterThan(0);
    const statuses = await Promise.all(viaNginx);
    expect(statuses.filter((status) => ![200, 502].includes(status))).toEqual([]);
    expect(await Promise.all(direct)).toContain('dropped');
    // The service finishes the calls it had and charges them.
    await sleep(1_200);
    const charged = (await meter()).dataset_ids;
    expect(charged.filter((id) => ids.slice(230, 250).includes(id)).length).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const recorded = (await usage(instance(0).origin)).charged.datasets;
          return charged.filter((id) => !recorded.includes(id));
        },
        { timeout: 15_000, interval: 250 },
      )
      .toEqual([]);
  }, 45_000);

  /** A request from one loopback address or another, as two machines would send it. */
  const from = (localAddress: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(path, fleet().url);
      request(url, { localAddress, headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('limits requests without a valid token by the client’s address, not nginx’s, and tells an expired token 401', async () => {
    const path = `/api/indicators?${RELEASE}`;
    // 40 from one client: spread over three instances, each sees more than its 10 a minute.
    const flood: number[] = [];
    for (let i = 0; i < 40; i++) flood.push(await from('127.0.0.2', path));
    expect(flood).toContain(429);
    // Another client is not held back by the first; a token that is no longer valid gets 401,
    // which the explorer answers by renewing it, from the limited client too.
    expect(await from('127.0.0.3', path)).toBe(401);
    expect(await from('127.0.0.2', path, { authorization: 'Bearer expired.or.forged' })).toBe(401);
  });

  it('takes an upgrade check of 10 000 entries through nginx (over 300 kB), as the proxy does', async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      line: i + 1,
      kind: 'uuid',
      uuid: '0c0ae8e1-2d0c-4a40-9c1d-7d5c7f2b8a6e',
    }));
    const body = JSON.stringify({ entries });
    expect(body.length).toBeGreaterThan(300_000);
    const response = await fetch(`${fleet().url}/api/upgrade-check?${RELEASE}&from=3.11`, {
      method: 'POST',
      headers: { ...users[0], 'content-type': 'application/json' },
      body,
    });
    // The proxy's own answer (202 while it reads the releases), never nginx's 413 page.
    expect([200, 202]).toContain(response.status);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});
