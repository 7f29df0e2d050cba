import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const MAIN = path.join(import.meta.dirname, '../main.ts');

export interface ProxyProcess {
  origin: string;
  pid: number;
  /** Lines it wrote to stderr so far, and to stdout (its log). */
  stderr: string[];
  stdout: string[];
  /** Stops it (SIGTERM: a clean stop; SIGKILL: a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `npm run proxy` in a process of its own, for faults only a process can have: a file-size limit
 * (`prlimit --fsize`, which Node meets as short writes and EFBIG), file modes that bind root too, a
 * SIGKILL. Resolves once it listens, or rejects with what it printed when it exits first.
 */
/** Lifts the file-size limit of a running proxy, as freeing disk space would. */
export const liftFileSizeLimit = (pid: number) =>
  ['prlimit', '--pid', String(pid), '--fsize=unlimited:unlimited'] as const;

export async function startProxyProcess(
  env: NodeJS.ProcessEnv,
  options: {
    fileSizeLimit?: number;
    /**
     * Root without its power to write any file (`setpriv` drops CAP_DAC_OVERRIDE), so a read-only
     * file is read-only to the proxy as to any user, while the checkout stays readable: a clone
     * in a temporary folder (mode 0700) is closed to any other user.
     */
    boundByFileModes?: boolean;
    /**
     * Its stdout (the log) goes to this file, as `npm run proxy > file` would, instead of a pipe
     * to the test; it is ready once `/healthz` answers.
     */
    stdoutFile?: string;
  } = {},
): Promise<ProxyProcess> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', MAIN];
  const [command = '', ...args] = [
    ...(options.boundByFileModes
      ? ['setpriv', '--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search', '--']
      : []),
    // The soft limit only, so the test can lift it from outside without privileges.
    ...(options.fileSizeLimit === undefined
      ? []
      : ['prlimit', `--fsize=${options.fileSizeLimit}:unlimited`, '--']),
    ...node,
  ];
  const logFile = options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'a');
  const child = spawn(command, args, {
    cwd: path.join(import.meta.dirname, '../../..'),
    env: { PATH: process.env.PATH, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', logFile ?? 'pipe', 'pipe'],
  });
  if (logFile !== undefined) closeSync(logFile);
  const stderr: string[] = [];
  const stdout: string[] = [];
  const { stderr: errors } = child;
  if (errors) createInterface({ input: errors }).on('line', (line) => stderr.push(line));
  // 'close', not 'exit': by then everything it wrote to stderr has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const listening = new Promise<void>((resolve) => {
    if (child.stdout) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('Proxy listening')) resolve();
        else stdout.push(line);
      });
      return;
    }
    const look = setInterval(() => {
      fetch(`${origin}/healthz`).then(
        () => {
          clearInterval(look);
          resolve();
        },
        () => undefined,
      );
    }, 100);
    void exited.then(() => clearInterval(look));
  });
  const code = await Promise.race([listening.then(() => 'listening' as const), exited]);
  if (code !== 'listening') {
    throw Object.assign(new Error(`the proxy exited with ${code}: ${stderr.join('\n')}`), {
      exitCode: code,
      stderr,
    });
  }
  return {
    origin,
    pid: child.pid ?? 0,
    stderr,
    stdout,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
