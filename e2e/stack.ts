import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STACK_START_TIMEOUT_MS } from './timing';

const READY = /^Explorer ready at (http:\/\/\S+)$/m;
const EMULATOR = /data from the emulator at (http:\/\/\S+)$/m;

export type Dialect = 'documented' | 'variant';
export interface Running {
  url: string;
  emulatorUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the stack as `npm start` does (emulator and proxy serving the built SPA, on free loopback
 * ports), in a process of its own: its event loop and garbage collector then never pause the test
 * runner, and the runner's never pause it. `npm test` builds the SPA before the journeys run.
 * `settings` are environment variables of the stack's own (a journey's private stack, say).
 */
export async function startStack(
  dialect: Dialect,
  client: { id: string; secret: string },
  settings: NodeJS.ProcessEnv = {},
) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    EMULATOR_PORT: '0',
    LOG_LEVEL: 'warn',
    USAGE_LEDGER_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'e2e-ledger-')), 'usage.jsonl'),
    AUTH_MODE: 'oidc',
    DATA_API_CLIENT_ID: client.id,
    DATA_API_CLIENT_SECRET: client.secret,
    // The launcher gives the proxy the dialect's settings (Spold route, search paging).
    EMULATOR_DIALECT: dialect,
    ...settings,
  };
  // Settings of the developer's own environment that would point elsewhere.
  delete env.DATA_API_URL;
  delete env.AUTH_ISSUER;
  delete env.DATA_API_SPOLD_ROUTE;
  delete env.DATA_API_SEARCH_PAGING;
  delete env.EMULATOR_SPOLD_ROUTE;

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/launcher/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<{ url: string; emulatorUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new Error(
          `The ${dialect} stack was not ready within ${STACK_START_TIMEOUT_MS / 1000} s. It said:\n${output}`,
        ),
      );
    }, STACK_START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = READY.exec(output)?.[1];
      const emulatorUrl = EMULATOR.exec(output)?.[1];
      if (url && emulatorUrl) {
        clearTimeout(timer);
        resolve({ url, emulatorUrl });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The ${dialect} stack exited (code ${String(code)}) before it was ready:\n${output}`,
        ),
      );
    });
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let stack: { url: string; emulatorUrl: string };
  try {
    stack = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  // Whatever the stack logs from here on (warnings, errors) shows beside the journeys.
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  return { ...stack, stop } satisfies Running;
}
