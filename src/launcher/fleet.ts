import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { refuseOpenDoor } from './closed-by-default';
import { freePort } from './stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf.template');

/** deploy/nginx.conf.template with its placeholders filled in. */
function renderNginxConfig(options: {
  runDir: string;
  listen: string;
  instances: readonly string[];
}): string {
  const instances = options.instances
    .map((address) => `        server ${address} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{RUN_DIR}}', options.runDir)
    .replaceAll('{{LISTEN}}', options.listen)
    .replaceAll('{{INSTANCES}}', instances);
}

async function waitForPort(port: number, child: ChildProcess, what: string, deadlineMs = 20_000) {
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() - start > deadlineMs) throw new Error(`${what} did not open port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Running {
  origin: string;
  pid: number | undefined;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** False once the process has exited. */
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function running(child: ChildProcess, origin: string, graceful: NodeJS.Signals): Running {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    origin,
    pid: child.pid,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = graceful) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * nginx with the configuration `render` writes for a directory of its own (pid, logs and
 * temporary files go there), listening on `port`. Fails with a clear message when nginx is not
 * installed.
 */
export async function startNginxWith(
  port: number,
  render: (runDir: string) => string,
): Promise<Running & { config: string }> {
  if (!existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: install Debian's nginx-light (apt-get install -y nginx-light; .ci/run does) or set NGINX_PATH.`,
    );
  }
  const runDir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  // nginx's workers drop root for nobody, and still need to reach their temporary directories.
  chmodSync(runDir, 0o755);
  const config = path.join(runDir, 'nginx.conf');
  writeFileSync(config, render(runDir));
  const child = spawn(
    NGINX,
    ['-p', runDir, '-e', path.join(runDir, 'error.log'), '-c', config, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort(port, child, 'nginx');
  return { ...running(child, `http://127.0.0.1:${port}`, 'SIGQUIT'), config };
}

/** nginx from deploy/nginx.conf.template in front of `instances`, on `port`. */
function startNginx(options: {
  port: number;
  instances: readonly string[];
  host?: string;
}): Promise<Running & { config: string }> {
  return startNginxWith(options.port, (runDir) =>
    renderNginxConfig({
      runDir,
      listen: `${options.host ?? '127.0.0.1'}:${options.port}`,
      instances: options.instances,
    }),
  );
}

/**
 * One proxy instance in a process of its own (`src/proxy/main.ts`), on a free port, with `env`.
 * Resolves once it listens. Lines it writes go to `onLine`, if given.
 */
async function startInstance(
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void = () => undefined,
): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/proxy/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  const lines = createInterface({ input: child.stdout });
  const listening = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a proxy instance exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('Proxy listening')) resolve();
      else onLine(line);
    });
  });
  await listening;
  return running(child, `http://127.0.0.1:${port}`, 'SIGTERM');
}

export interface Fleet {
  /** Where users go: nginx. */
  url: string;
  instances: Running[];
  nginx: Running & { config: string };
  stop(): Promise<void>;
}

/**
 * `count` proxy instances sharing the Redis at `env.REDIS_URL`, behind nginx on `port` (0: a
 * free one). The instances get `env` (the data service and sign-in settings); their ledger is
 * the one in Redis.
 */
export async function startFleet(options: {
  count: number;
  env: NodeJS.ProcessEnv;
  port?: number;
  host?: string;
  onLine?: (instance: number, line: string) => void;
}): Promise<Fleet> {
  // The instances bind to loopback; nginx is the door.
  refuseOpenDoor(options.env, [{ name: 'nginx', host: options.host ?? '127.0.0.1' }]);
  const instances: Running[] = [];
  try {
    const started = await Promise.allSettled(
      Array.from({ length: options.count }, (_, i) =>
        startInstance(
          // nginx reaches the instances from this machine: its X-Forwarded-For is believed.
          { TRUSTED_PROXIES: '127.0.0.1', ...options.env },
          (line) => options.onLine?.(i, line),
        ),
      ),
    );
    for (const outcome of started)
      if (outcome.status === 'fulfilled') instances.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const port = options.port || (await freePort());
    const nginx = await startNginx({
      port,
      instances: instances.map((instance) => new URL(instance.origin).host),
      ...(options.host ? { host: options.host } : {}),
    });
    return {
      url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
      instances,
      nginx,
      async stop() {
        await nginx.stop();
        await Promise.all(instances.map((instance) => instance.stop()));
      },
    };
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
}
