import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema, UsageSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { connectRedis } from '../redis/connection';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { startRedisServer, type RedisServer } from '../testing/redis-server';
import { openedProxies } from '../testing/opened-proxies';

// Redis losing its data, for real: its files deleted, or restarted after a live switch to
// non-durable settings. Instances in this process in front of the emulator, whose meter says
// what the service billed; the budget must hold whatever Redis forgot.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let user: { authorization: string };
let ids: number[] = [];
const RELEASE = 'version=3.12&system_model=cutoff';
const ROOT = path.join(import.meta.dirname, '../../..');
const opened = openedProxies();
const servers: RedisServer[] = [];
const quiet = { warn: () => undefined, info: () => undefined };

async function redisServer() {
  const server = await startRedisServer();
  servers.push(server);
  return server;
}
async function instance(redis: RedisServer, env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, { REDIS_URL: redis.url, ...env });
  opened.keep(built);
  return built;
}
const witnessFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'witness-')), 'witness.json');
const scored = async (p: Proxy, id: number) => {
  const answer = await p.app.inject({
    url: `/api/datasets/${id}?${RELEASE}&indicator_ids=964`,
    headers: user,
  });
  return { status: answer.statusCode, code: answer.json<{ code?: string }>().code };
};
const billed = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as { datasets: number })
    .datasets;
/** Redis restarted on its port and directory, with whatever its files still hold. */
async function forget(redis: RedisServer, how: 'files deleted' | 'killed') {
  await redis.stop(how === 'killed' ? 'SIGKILL' : 'SIGTERM');
  if (how === 'files deleted')
    for (const name of readdirSync(redis.dir))
      rmSync(path.join(redis.dir, name), { recursive: true, force: true });
  await redis.restart();
}
/**
 * Scored calls after the loss until the instance refuses them for it: first it reconnects (a
 * second or two on a busy machine; 503 `usage_ledger_unavailable` meanwhile). No answer may be
 * a 200, which would be a call charged against a budget that started again from zero.
 */
async function refusedForLoss(p: Proxy, id: number) {
  const seen: { status: number; code: string | undefined }[] = [];
  await expect
    .poll(
      async () => {
        const answer = await scored(p, id);
        seen.push(answer);
        return answer.code;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe('usage_ledger_mismatch');
  expect(seen.filter((answer) => answer.status !== 503)).toEqual([]);
}
const confirm = (redis: RedisServer, witness: string, ...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/launcher/ledger-confirm.ts', ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, REDIS_URL: redis.url, USAGE_WITNESS_PATH: witness },
    },
  ).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    },
  );

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  user = { authorization: `Bearer ${signedIn.access_token}` };
  const search = await proxyOnEmulator(emulator);
  const page = SearchResultsSchema.parse(
    (await search.app.inject({ url: `/api/datasets?${RELEASE}&limit=100`, headers: user })).json(),
  );
  await search.app.close();
  ids = [
    ...new Set(page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)))),
  ];
  expect(ids.length).toBeGreaterThanOrEqual(20);
});
afterEach(async () => {
  await opened.closeAll();
  for (const server of servers.splice(0)) await server.stop();
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await emulator.close();
});

describe('a Redis that lost its data', () => {
  it('with its files gone: every instance refuses scored calls until an operator confirms, and the budget holds', async () => {
    const redis = await redisServer();
    const witness = witnessFile();
    const budget = { SCORE_BUDGET_DATASETS: '5', USAGE_WITNESS_PATH: witness };
    const first = await instance(redis, budget);
    for (const id of ids.slice(0, 3)) expect((await scored(first, id)).status).toBe(200);
    await forget(redis, 'files deleted');
    await refusedForLoss(first, ids[3] ?? 0);
    const ready = await first.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json<{ code: string }>().code]).toEqual([
      503,
      'usage_ledger_mismatch',
    ]);
    // An instance started again on this machine knows the ledger from its witness file; one on
    // another machine, knowing nothing, is halted by what the first recorded in Redis.
    const restarted = await instance(redis, budget);
    const elsewhere = await instance(redis, { SCORE_BUDGET_DATASETS: '5' });
    expect(await scored(restarted, ids[4] ?? 0)).toMatchObject({ code: 'usage_ledger_mismatch' });
    expect(await scored(elsewhere, ids[4] ?? 0)).toMatchObject({ code: 'usage_ledger_mismatch' });
    expect(await billed()).toBe(3);

    // The operator is told what was found, and confirms.
    const told = await confirm(redis, witness);
    expect(told.code).toBe(2);
    expect(told.stdout).toMatch(/its epoch is gone/);
    const confirmed = await confirm(redis, witness, '--yes');
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toMatch(/3 datasets, 1 indicators and 1 users Redis lost/);
    // The three charges Redis lost still count: two more datasets fit the budget of five.
    const after = [];
    for (const id of ids.slice(5, 9)) after.push((await scored(first, id)).status);
    expect(after).toEqual([200, 200, 403, 403]);
    expect(await billed()).toBe(5);
    // What the usage page says is what the budget refuses: five of five, three of them lost
    // (billed by the service, with nothing left to itemise), two itemised. The indicator and
    // the user were lost too; asked for again they count again, as the budget counts them.
    const usage = UsageSchema.parse(
      (await first.app.inject({ url: '/api/usage', headers: user })).json(),
    );
    expect(usage).toMatchObject({
      datasets: 5,
      indicators: 2,
      users: 2,
      budget: { datasets: 5 },
      lost: { datasets: 3, indicators: 1, users: 1 },
    });
    expect(usage.charged.datasets).toHaveLength(2);
    const refused = await first.app.inject({
      url: `/api/datasets/${ids[9] ?? 0}?${RELEASE}&indicator_ids=964`,
      headers: user,
    });
    expect(refused.json<{ detail: string }>().detail).toContain(`${usage.datasets}/5`);
  }, 60_000);

  it('while no instance ran: the witness file on the instances’ machine still knows the ledger', async () => {
    const redis = await redisServer();
    const witness = witnessFile();
    const first = await instance(redis, { USAGE_WITNESS_PATH: witness });
    for (const id of ids.slice(0, 2)) expect((await scored(first, id)).status).toBe(200);
    await first.app.close();
    // Everything stops; Redis comes back without its files; the proxy is started again.
    await forget(redis, 'files deleted');
    const again = await instance(redis, { USAGE_WITNESS_PATH: witness });
    expect(await scored(again, ids[2] ?? 0)).toEqual({
      status: 503,
      code: 'usage_ledger_mismatch',
    });
    expect(await billed()).toBe(2);
  }, 60_000);

  it('after a live switch to non-durable settings and a crash: its totals are lower, and it is refused', async () => {
    const redis = await redisServer();
    // Refusing non-durable settings (the default) would hide the check on totals.
    const p = await instance(redis, { SCORE_BUDGET_DATASETS: '4', REDIS_DURABILITY: 'warn' });
    for (const id of ids.slice(0, 2)) expect((await scored(p, id)).status).toBe(200);
    const admin = await connectRedis(redis.url, quiet);
    await admin.redis.config('SET', 'appendonly', 'no');
    await admin.close();
    for (const id of ids.slice(2, 4)) expect((await scored(p, id)).status).toBe(200);
    // Killed: what it held only in memory (the last two charges) is gone, its epoch is not.
    await forget(redis, 'killed');
    await refusedForLoss(p, ids[4] ?? 0);
    expect(await billed()).toBe(4);
  }, 60_000);
});

describe('Redis’s durability', () => {
  it('is checked again while running: a live CONFIG SET refuses scored calls until undone', async () => {
    const redis = await redisServer();
    const p = await instance(redis);
    expect((await scored(p, ids[0] ?? 0)).status).toBe(200);
    // A dataset not asked before each time: an answer already charged comes from the cache.
    let next = 1;
    const fresh = () => scored(p, ids[next++] ?? 0);
    const admin = await connectRedis(redis.url, quiet);
    try {
      await admin.redis.config('SET', 'appendfsync', 'everysec');
      // Read again every 5 s.
      await expect
        .poll(async () => (await fresh()).code, { timeout: 15_000, interval: 500 })
        .toBe('usage_ledger_not_durable');
      expect((await p.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await admin.redis.config('SET', 'appendfsync', 'always');
      await admin.close();
    }
    await expect
      .poll(async () => (await fresh()).status, { timeout: 15_000, interval: 500 })
      .toBe(200);
  }, 60_000);
});
