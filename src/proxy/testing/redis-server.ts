import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  dir: string;
  /** Stops the server (SIGTERM, or SIGKILL to lose whatever it had not written). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and directory: what its append-only file kept is back. */
  restart(): Promise<void>;
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

/** Sends PING over a raw socket until `+PONG` comes back, so no client library is needed here. */
async function waitForPing(port: number, child: ChildProcess, deadlineMs = 10_000) {
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (pong) return;
    if (Date.now() - start > deadlineMs) throw new Error('redis-server did not answer PING');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Debian's redis-server on a free loopback port, its files in a directory of its own, run as
 * the proxy needs it: every write in the append-only file and fsynced before it is acknowledged.
 * Fails with a clear message when redis-server is not installed; tests never skip for it.
 */
export async function startRedisServer(
  options: { dir?: string; port?: number } = {},
): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install -y redis-server; .ci/run does) or set REDIS_SERVER_PATH.`,
    );
  }
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'redis-'));
  mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;

  const start = async () => {
    const started = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
        '--maxmemory-policy',
        'volatile-lru',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    started.stderr.resume();
    child = started;
    await waitForPing(port, started);
  };

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, dir, stop, restart: start };
}
