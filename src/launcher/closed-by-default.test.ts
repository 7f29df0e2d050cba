import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startFleet } from './fleet';
import { checkStackEnv } from './stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a launcher as a user would, and what it printed before it stopped. A launcher that does
 * not refuse goes on to build and start things: it is stopped after a minute (long enough for a
 * busy machine to load TypeScript, far shorter than a build) and counts as not refusing.
 */
function launch(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stderr: string[] }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.split('\n').filter((line) => line.trim() !== '') });
    });
  });
}

const OPEN = { HOST: '0.0.0.0', AUTH_MODE: 'none' };

describe('an unauthenticated explorer reachable from other machines', () => {
  it('is refused by every launcher, in one line naming AUTH_MODE, before anything starts', async () => {
    // Its own build directory, so a launcher that did not refuse would not touch dist/.
    const staticDir = mkdtempSync(path.join(tmpdir(), 'closed-'));
    const service = {
      DATA_API_URL: 'http://127.0.0.1:59',
      DATA_API_CLIENT_ID: 'explorer',
      DATA_API_CLIENT_SECRET: 'not-a-secret',
    };
    const runs = await Promise.all([
      // deploy:local: the instances bind to loopback, nginx to HOST.
      launch('src/launcher/deploy-local.ts', ['--instances', '1', '--port', '0'], {
        ...OPEN,
        STATIC_DIR: staticDir,
        REDIS_URL: 'redis://127.0.0.1:9',
        ...service,
      }),
      launch('src/launcher/main.ts', [], { ...OPEN, STATIC_DIR: staticDir, PORT: '0' }),
      launch('src/proxy/main.ts', [], { ...OPEN, ...service, PORT: '0' }),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stderr).toHaveLength(1);
      expect(run.stderr[0]).toMatch(/^AUTH_MODE=none is refused/);
      expect(run.stderr[0]).toMatch(/0\.0\.0\.0/);
    }
  }, 90_000);

  it('is refused by the fleet starter the tests and deploy:local share, with nothing started', async () => {
    await expect(
      startFleet({ count: 1, env: { AUTH_MODE: 'none' }, host: '0.0.0.0' }),
    ).rejects.toThrow(/AUTH_MODE=none is refused: nginx would listen on 0\.0\.0\.0/);
  });

  it('is allowed when everything started stays on this machine', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(() => checkStackEnv({ AUTH_MODE: 'none', HOST: host })).not.toThrow();
    expect(() => checkStackEnv({ AUTH_MODE: 'oidc', HOST: '0.0.0.0' })).not.toThrow();
  });
});

describe('a port that browsers and Node’s fetch refuse to connect to', () => {
  it('is refused by checkStackEnv, naming the setting and the port', () => {
    expect(() => checkStackEnv({ EMULATOR_PORT: '4190' })).toThrow(
      /^Invalid EMULATOR_PORT: 4190 is a port browsers and Node's fetch refuse to connect to/,
    );
    expect(() => checkStackEnv({ PORT: '6000' })).toThrow(/^PORT 6000 is a port browsers/);
    expect(() =>
      checkStackEnv({
        DATA_API_URL: 'https://api.example.org:6667',
        DATA_API_CLIENT_ID: 'explorer',
        DATA_API_CLIENT_SECRET: 'secret',
        AUTH_ISSUER: 'https://sso.example.org/realms/explorer',
      }),
    ).toThrow(/^DATA_API_URL names port 6667, a port browsers/);
    expect(() => checkStackEnv({ AUTH_ISSUER: 'http://localhost:10080/realms/x' })).toThrow(
      /^AUTH_ISSUER names port 10080/,
    );
    expect(() => checkStackEnv({ PORT: '8080', EMULATOR_PORT: '4010' })).not.toThrow();
  });

  it('stops npm start and deploy:local in one line before anything starts', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'bad-port-'));
    const runs = await Promise.all([
      launch('src/launcher/main.ts', [], { STATIC_DIR: staticDir, EMULATOR_PORT: '4190' }),
      launch('src/launcher/deploy-local.ts', ['--port', '6000'], { STATIC_DIR: staticDir }),
      launch('src/launcher/deploy-local.ts', [], { STATIC_DIR: staticDir, EMULATOR_PORT: '4190' }),
    ]);
    expect(runs.map((run) => run.stderr)).toEqual([
      [expect.stringMatching(/^Invalid EMULATOR_PORT: 4190 is a port browsers/)],
      [expect.stringMatching(/^--port 6000 is a port browsers/)],
      [expect.stringMatching(/^Invalid EMULATOR_PORT: 4190 is a port browsers/)],
    ]);
    expect(runs.map((run) => run.code)).toEqual([1, 2, 1]);
  }, 90_000);
});
