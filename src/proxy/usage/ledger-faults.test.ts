import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { liftFileSizeLimit, startProxyProcess, type ProxyProcess } from '../testing/proxy-process';
import { UsageLedger } from './ledger';

// Faults of the ledger file injected for real, in a proxy process of its own in front of the
// emulator, whose meter says what the data service billed: what the proxy recorded must never
// be less, and a call the ledger cannot count must not go out.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let user: { authorization: string };
/** Datasets of the release; each test takes its own, as tests run one after another. */
let ids: number[] = [];
const RELEASE = 'version=3.12&system_model=cutoff';
const started: ProxyProcess[] = [];

const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'ledger-')), 'usage.jsonl');
const env = (file: string) => ({
  DATA_API_URL: emulator.origin,
  DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
  ...TEST_CLIENT,
  AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
  STATIC_DIR: '/nonexistent',
  LOG_LEVEL: 'warn',
  USAGE_LEDGER_PATH: file,
});
async function proxyProcess(file: string, options: Parameters<typeof startProxyProcess>[1] = {}) {
  const running = await startProxyProcess(env(file), options);
  started.push(running);
  return running;
}
const billed = async (among: readonly number[]) => {
  const meter = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
    dataset_ids: number[];
  };
  return meter.dataset_ids.filter((id) => among.includes(id));
};
/** What the proxy recorded, read back from its file as the next start would. */
const recorded = (file: string) => {
  const ledger = new UsageLedger({
    file,
    budget: { datasets: undefined, indicators: undefined },
    now: Date.now,
  });
  const charged = ledger.chargedIds().datasets;
  ledger.close();
  return charged;
};
const scored = async (origin: string, id: number) => {
  const response = await fetch(`${origin}/api/datasets/${id}?${RELEASE}&indicator_ids=964`, {
    headers: user,
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code };
};
const readiness = async (origin: string) => {
  const response = await fetch(`${origin}/readyz`);
  return { status: response.status, code: ((await response.json()) as { code?: string }).code };
};
/** The ledger's lines: each one whole (a fragment would not parse). */
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row) as { intent?: string; settle?: string });
const openIntents = (file: string) => {
  const all = lines(file);
  const settled = new Set(all.map((line) => line.settle));
  return all.filter((line) => line.intent !== undefined && !settled.has(line.intent)).length;
};

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  user = { authorization: `Bearer ${signedIn.access_token}` };
  const search = await proxyOnEmulator(emulator);
  const pages = await Promise.all(
    [0, 100].map(async (from) =>
      SearchResultsSchema.parse(
        (
          await search.app.inject({
            url: `/api/datasets?${RELEASE}&limit=100&from=${from}`,
            headers: user,
          })
        ).json(),
      ),
    ),
  );
  await search.app.close();
  ids = [
    ...new Set(
      pages.flatMap((page) =>
        page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))),
      ),
    ),
  ];
  expect(ids.length).toBeGreaterThanOrEqual(120);
});
afterEach(async () => {
  for (const running of started.splice(0)) await running.stop();
  await fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latency_ms: 0 }),
  });
});
afterAll(async () => {
  await emulator.close();
});

describe('a ledger file that cannot grow (a file-size limit)', () => {
  it('refuses scored calls with 503 and records every call the service billed', async () => {
    // Three limits a third of an intent-and-settlement pair apart: one falls on an intent (the
    // call must not go out), another on a settlement (the call went out and was billed).
    const limits = [2_600, 2_720, 2_840];
    const runs = await Promise.all(
      limits.map(async (limit, run) => {
        const file = tempFile();
        const proxy = await proxyProcess(file, { fileSizeLimit: limit });
        const mine = ids.slice(run * 30, run * 30 + 30);
        const answers: { status: number; code: string | undefined }[] = [];
        for (const id of mine) {
          answers.push(await scored(proxy.origin, id));
          if (answers.filter((answer) => answer.status !== 200).length === 3) break;
        }
        const atFault = {
          readiness: await readiness(proxy.origin),
          openIntents: openIntents(file),
        };
        // The file takes writes again (space freed): the proxy finds out by itself.
        const [command, ...args] = liftFileSizeLimit(proxy.pid);
        execFileSync(command, args);
        await expect
          .poll(async () => (await readiness(proxy.origin)).status, {
            timeout: 10_000,
            interval: 200,
          })
          .toBe(200);
        const after = await scored(proxy.origin, mine[29] ?? 0);
        await proxy.stop();
        return { file, mine, answers, atFault, after };
      }),
    );
    for (const run of runs) {
      const statuses = run.answers.map((answer) => answer.status);
      expect(statuses).toContain(200);
      // Refused, never a 500 and never answered uncounted.
      for (const answer of run.answers.filter((a) => a.status !== 200))
        expect(answer).toEqual({ status: 503, code: 'usage_ledger_unavailable' });
      expect(run.atFault.readiness).toEqual({ status: 503, code: 'usage_ledger_unavailable' });
      expect(run.after.status).toBe(200);
      const charged = await billed(run.mine);
      const kept = recorded(run.file);
      expect(charged.filter((id) => !kept.includes(id))).toEqual([]);
      // Every line of the file is whole: a short write left no fragment to append onto.
      expect(() => lines(run.file)).not.toThrow();
      expect(openIntents(run.file)).toBe(0);
    }
    // At least one limit fell on a settlement: a billed call whose outcome could not be written,
    // kept as an open intent (counted against the budget) until the file took writes again.
    expect(runs.some((run) => run.atFault.openIntents > 0)).toBe(true);
  }, 120_000);
});

describe('a ledger file whose last line was torn by a crash', () => {
  it('ends the torn line before appending, so a call in flight at the next crash is kept', async () => {
    const file = tempFile();
    writeFileSync(
      file,
      '{"period":"2026","datasets":[1],"indicators":[1]}\n{"period":"2026","user":"x","datas',
    );
    const proxy = await proxyProcess(file);
    expect(proxy.stdout.join('\n')).toMatch(/torn by a crash/);
    // The release's indicators, which a scored call reads first (free), are read already.
    expect(
      (await fetch(`${proxy.origin}/api/indicators?${RELEASE}`, { headers: user })).status,
    ).toBe(200);
    // A second at the service: the call waits there when the proxy is killed.
    await fetch(`${emulator.origin}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latency_ms: 1_000 }),
    });
    const id = ids[100] ?? 0;
    const before = (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
      api_requests: number;
    };
    const call = scored(proxy.origin, id).catch(() => undefined);
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
              api_requests: number;
            }
          ).api_requests,
        { timeout: 10_000, interval: 20 },
      )
      .toBeGreaterThan(before.api_requests);
    await proxy.stop('SIGKILL');
    await call;
    // The service finishes the call it had, and bills it.
    await expect.poll(() => billed([id]), { timeout: 5_000, interval: 100 }).toEqual([id]);
    expect(recorded(file)).toContain(id);
  }, 60_000);
});

describe('a ledger file the proxy may not write', () => {
  it('stops start-up with one line naming USAGE_LEDGER_PATH', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
    const file = path.join(dir, 'usage.jsonl');
    writeFileSync(file, '');
    chmodSync(file, 0o444);
    // The folder stays writable (the lock goes there); only the file is read-only. Root may
    // write any file, so as root the proxy runs without that power.
    const asRoot = process.getuid?.() === 0;
    const failure = await proxyProcess(file, asRoot ? { boundByFileModes: true } : {}).then(
      () => undefined,
      (error: unknown) => error as { exitCode: number; stderr: string[] },
    );
    expect(failure?.exitCode).toBe(1);
    expect(failure?.stderr).toHaveLength(1);
    expect(failure?.stderr[0]).toMatch(
      new RegExp(
        `^USAGE_LEDGER_PATH ${file} cannot be used: it cannot be opened for appending \\(EACCES`,
      ),
    );
  }, 60_000);
});
