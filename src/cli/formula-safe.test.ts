import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema } from '../shared/api/schemas';
import { readCsv } from '../shared/csv';
import { formulaCells } from '../shared/testing/formula-cells';
import { signInProgram } from '../emulator/testing/device-flow';
import { startTestEmulator } from '../emulator/testing/start';
import type { Proxy } from '../proxy/app';
import { proxyOnEmulator, TEST_CLIENT } from '../proxy/testing/emulator-proxy';

// The command line's CSV, fed names that start like spreadsheet formulas by the data service
// (the emulator's EMULATOR_FORMULA_NAMES): a script's output opened in a spreadsheet must show
// them, never run them.
const BIN = path.resolve('src/cli/bin.mjs');
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let url: string;
let config: string;
let ids: number[] = [];

const cli = (args: string[], input = '') =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args, '--url', url],
      { env: { PATH: process.env.PATH ?? '', HOME: config, XDG_CONFIG_HOME: config } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
    child.stdin?.end(input);
  });

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_FORMULA_NAMES: 'true' });
  proxy = await proxyOnEmulator(emulator);
  await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const address = proxy.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Signed in as `npx lci-explorer login` leaves it: a program's tokens in its credentials file.
  const tokens = await signInProgram({ emulatorOrigin: emulator.origin });
  const realm = `${emulator.origin}/realms/explorer`;
  config = await mkdtemp(path.join(tmpdir(), 'lci-cli-formulas-'));
  await mkdir(path.join(config, 'lci-explorer'), { mode: 0o700 });
  await writeFile(
    path.join(config, 'lci-explorer', 'credentials.json'),
    JSON.stringify({
      last: url,
      sessions: {
        [url]: {
          issuer: realm,
          clientId: 'lci-explorer-cli',
          tokenEndpoint: `${realm}/protocol/openid-connect/token`,
          user: 'demo',
          accessToken: tokens.access_token,
          expiresAt: Date.now() + 5 * 60_000,
        },
      },
    }),
    { mode: 0o600 },
  );
  const search = SearchResultsSchema.parse(
    await (
      await fetch(`${url}/api/datasets?version=3.12&system_model=cutoff&limit=10`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json(),
  );
  ids = search.results.flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)));
});
afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
});

describe('npx lci-explorer with names that start like formulas', () => {
  it('writes them as text in the scores CSV, and numbers as numbers', async () => {
    const run = await cli([
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids',
      ids.slice(0, 5).join(','),
      '--indicators',
      '882,964',
      '--yes',
    ]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').length).toBeGreaterThan(5);
    expect(formulaCells(run.stdout)).toEqual([]);
    expect(run.stdout).toMatch(/'[-+@=\t]/);
    // The scores are numbers a spreadsheet reads as such: none was made text.
    const [header = [], ...rows] = readCsv(run.stdout).map((row) => row.cells);
    const score = header.indexOf('score');
    expect(rows.map((row) => Number(row[score]))).not.toContain(NaN);
  });

  it('writes them as text in the upgrade check’s CSV', async () => {
    const run = await cli(['upgrade', '--from', '3.11', '--to', '3.12'], ids.join('\n'));
    expect(run.code).toBe(0);
    expect(formulaCells(run.stdout)).toEqual([]);
    expect(run.stdout).toMatch(/'[-+@=\t]/);
  });
});
