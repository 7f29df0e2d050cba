import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { ReleasesSchema, SectorsSchema, UpgradeCheckSchema } from '../shared/api/schemas';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import type { Proxy } from './app';
import { proxyOnEmulator, TEST_CLIENT } from './testing/emulator-proxy';
import { openedProxies } from './testing/opened-proxies';

// Free calls to the data service cannot be multiplied: by cycling releases, by one user asking
// for everything, or by repeating a list's entries. Counted with the emulator's own meter.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let users: { authorization: string }[] = [];
const opened = openedProxies();

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}
const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;
const get = (p: Proxy, url: string, user = users[0]) => p.app.inject({ url, headers: user });

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  users = [];
  for (const username of ['demo', 'maria']) {
    const signedIn = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
    users.push({ authorization: `Bearer ${signedIn.access_token}` });
  }
});
afterEach(async () => {
  await opened.closeAll();
});
afterAll(async () => {
  await emulator.close();
});

describe('releases read for their sectors', () => {
  it('costs at most 1.2 × the first round when every release is cycled three times', async () => {
    const p = await proxy();
    const pairs = ReleasesSchema.parse((await get(p, '/api/versions')).json()).releases.flatMap(
      (entry) =>
        entry.system_models.map((model) => `version=${entry.version}&system_model=${model}`),
    );
    // More releases than the proxy keeps read (six): the case that read each again every round.
    expect(pairs.length).toBeGreaterThan(6);
    const ready = async (query: string) => {
      for (;;) {
        const answer = SectorsSchema.parse((await get(p, `/api/sectors?${query}`)).json());
        if (answer.status === 'ready') return answer;
        // Asked again as the explorer does while a release is read (Retry-After: 1), sooner.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const rounds: number[] = [];
    const first: unknown[] = [];
    for (let round = 0; round < 3; round++) {
      const before = await apiRequests();
      for (const [i, query] of pairs.entries()) {
        const sectors = await ready(query);
        if (round === 0) first.push(sectors);
        // The same answer, whether read or made again from what was kept.
        else expect(sectors).toEqual(first[i]);
      }
      rounds.push((await apiRequests()) - before);
    }
    const [firstRound = 0] = rounds;
    expect(firstRound).toBeGreaterThan(pairs.length);
    expect(rounds.reduce((sum, calls) => sum + calls, 0)).toBeLessThanOrEqual(1.2 * firstRound);
  }, 120_000);
});

describe('one user’s free calls', () => {
  it('have a budget an hour: past it 429, while answers already fetched and other users are served', async () => {
    const p = await proxy({ USER_FREE_CALLS_PER_HOUR: '5' });
    const doc = (id: number, user = users[0]) =>
      get(p, `/api/datasets/${id}?version=3.12&system_model=cutoff`, user);
    const ids = [8279, 2989, 7773, 4437, 6081];
    // A Dataset ID the release may lack still costs a call: 200 or 404 alike.
    for (const id of ids) expect([200, 404]).toContain((await doc(id)).statusCode);
    const before = await apiRequests();
    const refused = await doc(9001);
    expect(refused.statusCode).toBe(429);
    expect(ProblemSchema.parse(refused.json()).code).toBe('free_calls_exhausted');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before asking; what was fetched already costs nothing and is still served.
    expect((await doc(ids[0] ?? 0)).statusCode).not.toBe(429);
    expect(await apiRequests()).toBe(before);
    expect((await doc(9001, users[1])).statusCode).not.toBe(429);
    // Reading a whole release for its sectors costs far more than five calls: refused too.
    const sectors = async () =>
      (await get(p, '/api/sectors?version=3.11&system_model=apos')).statusCode;
    await expect.poll(sectors, { timeout: 10_000, interval: 50 }).toBe(429);
  });
});

describe('repeats in a list', () => {
  it('are dropped before asking: 10 000 copies of one ID are the same call as the ID once', async () => {
    const p = await proxy();
    const batch = (ids: number[]) =>
      p.app.inject({
        method: 'POST',
        url: '/api/datasets/batch?version=3.12&system_model=cutoff',
        headers: { ...users[0], 'content-type': 'application/json' },
        payload: { dataset_ids: ids },
      });
    const before = await apiRequests();
    const many = await batch(Array.from({ length: 10_000 }, () => 8279));
    const once = await batch([8279]);
    expect(many.statusCode).toBe(200);
    expect(once.body).toBe(many.body);
    expect((await apiRequests()) - before).toBe(1);
  });

  it('make an upgrade check long, and its answer travels gzipped', async () => {
    const p = await proxy();
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      line: i + 1,
      kind: 'id',
      id: 8279,
    }));
    const check = () =>
      p.app.inject({
        method: 'POST',
        url: '/api/upgrade-check?version=3.12&system_model=cutoff&from=3.11',
        headers: { ...users[0], 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        payload: { entries },
      });
    let answer = await check();
    // The two releases are read first (202 with progress): asked again until they are.
    for (let tries = 0; answer.statusCode === 202 && tries < 400; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await check();
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const plain = gunzipSync(answer.rawPayload);
    const parsed = UpgradeCheckSchema.parse(JSON.parse(plain.toString()));
    expect(parsed.status === 'ready' ? parsed.results : []).toHaveLength(10_000);
    expect(answer.rawPayload.length).toBeLessThan(plain.length / 20);
  }, 60_000);
});
