import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run check:upstream` as an operator would, against an embedded emulator. */
function run(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/launcher/check-upstream.ts', '--no-save', ...args],
      {
        cwd: ROOT,
        // A small emulator: the check reads a few pages, not the whole release.
        env: { PATH: process.env.PATH, EMULATOR_SCALE: '0.05', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run check:upstream', () => {
  it('exits 0 when the explorer works with the service, scores included; 3 when the scores were not checked; 1 with the settings it needs', async () => {
    const fits = await run({ EMULATOR_DIALECT: 'variant' }, ['--scored']);
    expect(fits.output).toContain('--scored: One call with scores adds at most 1 dataset');
    expect(fits.output).toContain('the explorer can work with this data service, scores included');
    expect(fits.code).toBe(0);

    // Not a terminal, so nobody is asked: no billed call, and an exit code that says so.
    const unscored = await run({ EMULATOR_DIALECT: 'variant' });
    expect(unscored.output).toContain('scores not checked');
    expect(unscored.code).toBe(3);

    const misconfigured = await run({
      EMULATOR_DIALECT: 'variant',
      DATA_API_SEARCH_PAGING: 'from',
    });
    expect(misconfigured.output).toContain('DATA_API_SEARCH_PAGING=offset');
    expect(misconfigured.code).toBe(1);
    // Three processes one after the other, each generating its emulator: some 8 s each on a
    // busy two-core machine.
  }, 60_000);

  it('exits 2 with one line naming a bad setting', async () => {
    const bad = await run({ DATA_API_SPOLD_ROUTE: '../admin' });
    expect(bad.output.trim().split('\n').at(-1)).toMatch(/^DATA_API_SPOLD_ROUTE /);
    expect(bad.code).toBe(2);
  });
});
