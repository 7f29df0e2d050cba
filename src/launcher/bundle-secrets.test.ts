import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

describe('the built SPA (SEC-01b)', () => {
  it('contains no server secret, even when one is in the environment of the build', () => {
    const canary = `canary-${crypto.randomUUID()}`;
    const outDir = mkdtempSync(path.join(tmpdir(), 'spa-build-'));
    const vite = path.join(
      path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
      'bin',
      'vite.js',
    );
    const result = spawnSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_API_CLIENT_SECRET: canary,
          CLIENT_SECRET: canary,
          SECRET: canary,
        },
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const built = [...files(outDir)];
    expect(built.some((file) => file.endsWith('.map'))).toBe(true);
    for (const file of built) {
      const text = readFileSync(file, 'utf8');
      expect(text.includes(canary), file).toBe(false);
      // oidc-client-ts names the field (it supports confidential clients); no value may follow it.
      expect(/client_secret["']?\s*[:=]\s*["'`][^"'`]+["'`]/i.test(text), file).toBe(false);
    }
  }, 120_000);
});
