import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import { SearchResultsSchema, UsageSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { LedgerInUseError } from './ledger-lock';
import { openedProxies } from '../testing/opened-proxies';

// The score budget and the ledger against the emulator, whose own meter says what was charged.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let users: { authorization: string }[] = [];
/** Datasets of the release, 100 distinct IDs to ask scores for. */
let ids: number[] = [];
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}

const meter = async () =>
  (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
    datasets: number;
    dataset_ids: number[];
  };
const faults = (body: Record<string, unknown>) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const usage = async (p: Proxy) =>
  UsageSchema.parse((await p.app.inject({ url: '/api/usage', headers: users[0] })).json());

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  users = [];
  for (const username of ['demo', 'maria', 'devon']) {
    const signedIn = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
    users.push({ authorization: `Bearer ${signedIn.access_token}` });
  }
  const search = await (
    await proxy()
  ).app.inject({
    url: `/api/datasets?${RELEASE}&limit=100`,
    headers: users[0],
  });
  ids = [
    ...new Set(
      SearchResultsSchema.parse(search.json()).results.flatMap((activity) =>
        activity.products.flatMap((product) => product.datasets.map((dataset) => dataset.id)),
      ),
    ),
  ].slice(0, 100);
  expect(ids).toHaveLength(100);
});
afterEach(async () => {
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('the score budget under concurrency', () => {
  it('charges no more than the budget for 100 concurrent scored requests from three users', async () => {
    const p = await proxy({ SCORE_BUDGET_DATASETS: '20', USER_CONCURRENCY: '1000' });
    // Latency keeps every request in flight at once, the case a check-then-record budget misses.
    await faults({ latency_ms: 100 });
    const answers = await Promise.all(
      ids.map((id, i) =>
        p.app.inject({
          url: `/api/datasets/${id}?${RELEASE}&indicator_ids=964`,
          headers: users[i % users.length],
        }),
      ),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200).length;
    const refused = answers.filter((answer) => answer.statusCode === 403);
    expect(ok + refused.length).toBe(100);
    for (const answer of refused)
      expect(ProblemSchema.parse(answer.json()).code).toBe('budget_exhausted');
    const charged = await meter();
    expect(charged.datasets).toBeLessThanOrEqual(20);
    expect(charged.datasets).toBe(ok);
    expect((await usage(p)).datasets).toBe(charged.datasets);
  });

  it('holds the budget against one user’s concurrent batch pages', async () => {
    const p = await proxy({ SCORE_BUDGET_DATASETS: '5' });
    await faults({ latency_ms: 100 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        p.app.inject({
          method: 'POST',
          url: `/api/datasets/batch?${RELEASE}&limit=5`,
          headers: { ...users[0], 'content-type': 'application/json' },
          payload: { dataset_ids: ids.slice(i * 5, i * 5 + 5), indicator_ids: [964] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect((await meter()).datasets).toBe(5);
  });

  /** One scored request for a dataset, by the first user. */
  const scored = (p: Proxy, id: number | undefined) =>
    p.app.inject({ url: `/api/datasets/${id}?${RELEASE}&indicator_ids=964`, headers: users[0] });

  it('frees the budget held by a call the data service refused', async () => {
    const p = await proxy({ SCORE_BUDGET_DATASETS: '1' });
    await p.app.inject({ url: `/api/versions`, headers: users[0] });
    await faults({ error_rate: 1 });
    expect((await scored(p, ids[0])).statusCode).toBe(502);
    await faults({ error_rate: 0 });
    expect((await scored(p, ids[1])).statusCode).toBe(200);
    expect((await meter()).dataset_ids).toEqual([ids[1]]);
  });

  it.each([
    // The answer is over the proxy's cap: it refuses it after the service charged.
    ['too large', { UPSTREAM_MAX_RESPONSE_MB: '1' }, { oversize_bytes: 2 * 1024 * 1024 }, 502],
    // The service charges, then trickles the answer out over 4 s, past the 1 s deadline.
    ['past its deadline', { UPSTREAM_TIMEOUT_MS: '1000' }, { slow_body_ms: 4000 }, 504],
  ])(
    'records the charge of a scored answer it could not pass on: %s',
    async (_name, env, fault, status) => {
      const p = await proxy(env);
      await p.app.inject({ url: `/api/versions`, headers: users[0] });
      // The release's indicators, which a scored call reads first (free), are read already.
      await p.app.inject({ url: `/api/indicators?${RELEASE}`, headers: users[0] });
      await faults(fault);
      expect((await scored(p, ids[2])).statusCode).toBe(status);
      expect((await meter()).dataset_ids).toEqual([ids[2]]);
      expect((await usage(p)).charged.datasets).toEqual([ids[2]]);
    },
  );
});

describe('one ledger file, one writer', () => {
  it('refuses to start a second proxy on the same ledger file, naming it', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledger-')), 'usage.jsonl');
    const first = await proxy({ USAGE_LEDGER_PATH: file });
    const second = proxy({ USAGE_LEDGER_PATH: file });
    await expect(second).rejects.toThrow(LedgerInUseError);
    await expect(second).rejects.toThrow(file);
    await first.app.close();
    await (await proxy({ USAGE_LEDGER_PATH: file })).app.close();
  });
});
