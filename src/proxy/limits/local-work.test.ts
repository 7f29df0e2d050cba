import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpgradeCheckSchema } from '../../shared/api/schemas';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { upgradeAnswer } from '../release-data/upgrade-answer';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { LocalWork } from './local-work';
import { openedProxies } from '../testing/opened-proxies';

// Work the proxy does in its own memory for one request (upgrade checks, changes, histories) is
// bounded per user and by memory, so one user sending 24 upgrade checks of 10 000 lines at once
// cannot take the proxy's memory: past the bounds, 429 local_work_busy at once.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
const users: Record<string, string> = {};
const opened = openedProxies();
const CHECK = '/api/upgrade-check?version=3.12&system_model=cutoff&from=3.11';
const MB = 1024 * 1024;

async function listening(env: Record<string, string>) {
  const proxy = await proxyOnEmulator(emulator, env);
  opened.keep(proxy);
  await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const address = proxy.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { proxy, port: address.port };
}

const body = (lines: number) =>
  JSON.stringify({
    entries: Array.from({ length: lines }, (_, i) => ({ line: i + 1, kind: 'id', id: 8279 })),
  });

/**
 * An upgrade check whose answer (23 MB, not gzipped) this client does not read: the proxy is
 * still sending it, so its work is not done. Resolves with the status once the headers came.
 */
function stalled(port: number, user: string) {
  let client: ClientRequest | undefined;
  const status = new Promise<number>((resolve, reject) => {
    client = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: CHECK,
        headers: { authorization: users[user] ?? '', 'content-type': 'application/json' },
      },
      (response) => {
        response.pause();
        resolve(response.statusCode ?? 0);
      },
    );
    client.on('error', () => undefined);
    client.on('error', reject);
    client.end(body(10_000));
  });
  return { status, stop: () => client?.destroy() };
}

/** The two releases read (202 until then), so what follows is the proxy's own work only. */
async function releasesRead(port: number) {
  for (let tries = 0; tries < 400 && (await check(port, 'demo')).status === 202; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

const check = async (port: number, user: string, lines = 3) => {
  const response = await fetch(`http://127.0.0.1:${port}${CHECK}`, {
    method: 'POST',
    headers: { authorization: users[user] ?? '', 'content-type': 'application/json' },
    body: body(lines),
  });
  const json: unknown = await response.json();
  return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
};

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  for (const username of ['demo', 'maria']) {
    const signedIn = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
    users[username] = `Bearer ${signedIn.access_token}`;
  }
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('local work', () => {
  it('takes at most LOCAL_WORK_PER_USER answers of one user at once, until they are sent', async () => {
    const { port } = await listening({ LOCAL_WORK_PER_USER: '2' });
    await releasesRead(port);
    const held = [stalled(port, 'demo'), stalled(port, 'demo')];
    expect(await Promise.all(held.map((one) => one.status))).toEqual([200, 200]);
    // A third from the same user is refused at once, saying why and when to come back.
    const third = await check(port, 'demo');
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('2');
    expect(ProblemSchema.parse(third.json)).toMatchObject({
      code: 'local_work_busy',
      detail: expect.stringContaining('the most one user may') as string,
    });
    // Another user is not held back by them.
    expect((await check(port, 'maria')).status).toBe(200);
    // Once an answer has gone (here: its client went away), the user may ask again.
    held[0]?.stop();
    await expect.poll(async () => (await check(port, 'demo')).status).toBe(200);
    held[1]?.stop();
  }, 30_000);

  it('starts no more than LOCAL_WORK_MB of it at once, whoever asks', async () => {
    const { port } = await listening({ LOCAL_WORK_MB: '8' });
    await releasesRead(port);
    // Estimated at about 6 MB: alone, it starts.
    const big = stalled(port, 'demo');
    expect(await big.status).toBe(200);
    const refused = await check(port, 'maria', 10_000);
    expect(refused.status).toBe(429);
    expect(ProblemSchema.parse(refused.json).detail).toContain('no memory to spare');
    big.stop();
    await expect.poll(async () => (await check(port, 'maria', 10_000)).status).toBe(200);
  }, 30_000);

  it('starts nothing more while the heap is nearly full, unless nothing else runs', () => {
    let used = 0;
    const work = new LocalWork({ perUser: 5, maxBytes: MB, heap: () => ({ used, limit: 100 }) });
    const give = work.take('a', 10);
    used = 90;
    expect(() => work.take('b', 10)).toThrow(/no memory to spare/);
    give();
    expect(() => work.take('b', 10)).not.toThrow();
  });
});

describe('an upgrade check of one dataset repeated', () => {
  it('works each distinct entry out once, and answers every line with its own number', async () => {
    const { proxy, port } = await listening({});
    await releasesRead(port);
    const answer = await proxy.app.inject({
      method: 'POST',
      url: CHECK,
      headers: { authorization: users.demo ?? '', 'content-type': 'application/json' },
      payload: body(1_500),
    });
    const parsed = UpgradeCheckSchema.parse(answer.json());
    if (parsed.status !== 'ready') throw new Error('not ready');
    expect(parsed.results.map((result) => result.line)).toEqual(
      Array.from({ length: 1_500 }, (_, i) => i + 1),
    );
    const [first] = parsed.results;
    const withoutLine = parsed.results.map((result) => JSON.stringify({ ...result, line: 0 }));
    expect(new Set(withoutLine).size).toBe(1);
    expect(first?.source?.id).toBe(8279);
    // Counted per line, as before.
    expect(Object.values(parsed.counts).reduce((sum, n) => sum + n, 0)).toBe(1_500);
  });

  it('shares one worked-out answer between the repeated lines', () => {
    const docs = { release: { version: '3.11', systemModel: 'cutoff' } };
    const entries = [1, 2, 3].map((line) => ({ line, kind: 'id' as const, id: 7 }));
    const { results } = upgradeAnswer(
      entries,
      { ...docs, index: { byId: new Map() } } as unknown as Parameters<typeof upgradeAnswer>[1],
      { ...docs, release: { version: '3.12', systemModel: 'cutoff' } } as unknown as Parameters<
        typeof upgradeAnswer
      >[2],
      { fates: new Map() } as unknown as Parameters<typeof upgradeAnswer>[3],
      [],
    );
    expect(results.map((result) => result.line)).toEqual([1, 2, 3]);
    // Not in the source: one answer, worked out once and shared (its lists are one object).
    expect(results[1]?.candidates).toBe(results[0]?.candidates);
    expect(results[2]?.successors).toBe(results[0]?.successors);
  });
});
