import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { TEST_CLIENT } from './testing/emulator-proxy';
import { liftFileSizeLimit, startProxyProcess, type ProxyProcess } from './testing/proxy-process';

// The proxy's log on stdout, redirected to a file that cannot grow, for real: a process of its
// own whose stdout is /dev/full (a full disk: ENOSPC) or a file under a file-size limit (EFBIG).
// Logging must never stop the service: documentation and search go on, the lines dropped are
// counted on /readyz and said once on stderr.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let user: { authorization: string };
const started: ProxyProcess[] = [];

const env = () => ({
  DATA_API_URL: emulator.origin,
  DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
  ...TEST_CLIENT,
  AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
  STATIC_DIR: '/nonexistent',
  // Every request logged: the log is written at every request.
  LOG_LEVEL: 'info',
  // The ledger's own storage faults are tested in usage/ledger-faults.test.ts.
  USAGE_LEDGER_PATH: 'none',
});
const serves = async (origin: string) => {
  const health = await fetch(`${origin}/healthz`);
  const search = await fetch(`${origin}/api/datasets?version=3.12&system_model=cutoff&limit=5`, {
    headers: user,
  });
  const documentation = await fetch(
    `${origin}/api/datasets/8279?version=3.12&system_model=cutoff`,
    {
      headers: user,
    },
  );
  return [health.status, search.status, documentation.status];
};
const readiness = async (origin: string) => {
  const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
  return {
    status: response.status,
    log: ((await response.json()) as { log?: { dropped: number; failing: string | null } }).log,
  };
};

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  user = { authorization: `Bearer ${signedIn.access_token}` };
});
afterEach(async () => {
  for (const proxy of started.splice(0)) await proxy.stop();
});
afterAll(async () => {
  await emulator.close();
});

describe('a log that cannot be written', () => {
  it('on a full disk (ENOSPC): the proxy serves on, counts what it drops, says so once', async () => {
    const proxy = await startProxyProcess(env(), { stdoutFile: '/dev/full' });
    started.push(proxy);
    for (let i = 0; i < 5; i++) expect(await serves(proxy.origin)).toEqual([200, 200, 200]);
    const ready = await readiness(proxy.origin);
    expect(ready.status).toBe(200);
    expect(ready.log?.failing).toBe('ENOSPC');
    expect(ready.log?.dropped).toBeGreaterThanOrEqual(15);
    // Said once on stderr, whatever the number of lines dropped.
    expect(proxy.stderr.filter((line) => line.includes('the log cannot be written'))).toEqual([
      expect.stringMatching(/^proxy: the log cannot be written \(ENOSPC: /),
    ]);
    expect(proxy.stderr).toHaveLength(1);
  }, 30_000);

  it('under a file-size limit (EFBIG): the proxy serves on, and writes again once it is lifted', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'proxy-log-')), 'proxy.log');
    writeFileSync(file, '');
    // Room for the first lines only.
    const proxy = await startProxyProcess(env(), { stdoutFile: file, fileSizeLimit: 2_000 });
    started.push(proxy);
    for (let i = 0; i < 10; i++) expect(await serves(proxy.origin)).toEqual([200, 200, 200]);
    const full = await readiness(proxy.origin);
    expect(full.status).toBe(200);
    expect(full.log?.failing).toBe('EFBIG');
    expect(full.log?.dropped).toBeGreaterThan(0);
    expect(statSync(file).size).toBeLessThanOrEqual(2_000);
    expect(proxy.stderr.filter((line) => line.includes('(EFBIG: '))).toHaveLength(1);

    // The space is given back: within the retry (2 s) the log is written again, and says
    // how many lines it dropped.
    const [command, ...args] = liftFileSizeLimit(proxy.pid);
    execFileSync(command, args);
    await expect
      .poll(
        async () => {
          await serves(proxy.origin);
          return (await readiness(proxy.origin)).log?.failing;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBeNull();
    await expect
      .poll(() => readFileSync(file, 'utf8'), { timeout: 5_000 })
      .toMatch(/the log can be written again: \d+ lines were dropped while it could not \(EFBIG\)/);
  }, 40_000);
});
