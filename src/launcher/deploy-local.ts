/**
 * `npm run deploy:local -- --instances 3 [--port 8080]`: the deployment of deploy/ on this
 * machine. Redis (REDIS_URL, or Debian's redis-server with its files in .data/redis), the
 * emulator (unless DATA_API_URL is set), N proxy instances in processes of their own, and nginx
 * from deploy/nginx.conf.template in front of them. Ctrl+C stops all of it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildEmulator } from '../emulator/app';
import {
  DEFAULT_EMULATOR_PORT,
  EmulatorConfigError,
  emulatorConfigFromEnv,
} from '../emulator/config';
import { refusedPort } from '../shared/ports';
import { keepConsoleFromEndingProcess } from '../proxy/log-sink';
import { ConfigError, DEFAULT_PORT } from '../proxy/config';
import { startRedisServer, type RedisServer } from '../proxy/testing/redis-server';
import { refuseOpenDoor } from './closed-by-default';
import { startFleet } from './fleet';
import { buildSpa, isSpaBuildCurrent } from './spa-build';
import { writeEmulatorReports } from './change-reports';
import { pointAtEmulator } from './stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  // What is printed is worth losing when stdout cannot be written; the explorer is not.
  keepConsoleFromEndingProcess();
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: process.env.PORT ?? String(DEFAULT_PORT) },
    },
  });
  const count = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    console.error('--instances must be a whole number from 1 to 32');
    process.exit(2);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port must be a port number from 0 (any free one) to 65535');
    process.exit(2);
  }
  const refused = refusedPort(port);
  if (refused) {
    console.error(`--port ${refused}`);
    process.exit(2);
  }
  // The emulator's settings (its port too) are read before anything is built or started.
  if (!process.env.DATA_API_URL) {
    try {
      emulatorConfigFromEnv({
        ...process.env,
        EMULATOR_PORT: process.env.EMULATOR_PORT ?? String(DEFAULT_EMULATOR_PORT),
      });
    } catch (error) {
      if (!(error instanceof EmulatorConfigError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  const host = process.env.HOST ?? '127.0.0.1';
  try {
    refuseOpenDoor(process.env, [{ name: 'nginx', host }]);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    STATIC_DIR: path.resolve(ROOT, process.env.STATIC_DIR ?? 'dist'),
  };
  const outDir = env.STATIC_DIR ?? path.join(ROOT, 'dist');
  if (!isSpaBuildCurrent(ROOT, outDir)) {
    console.log('Building the explorer (first start, or its sources changed)…');
    await buildSpa(ROOT, outDir);
  }

  const closers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  };
  try {
    let redis: RedisServer | undefined;
    if (!env.REDIS_URL) {
      redis = await startRedisServer({ dir: path.join(ROOT, '.data/redis') });
      closers.push(() => (redis ? redis.stop() : Promise.resolve()));
      env.REDIS_URL = redis.url;
    }
    let emulatorUrl: string | undefined;
    if (!env.DATA_API_URL) {
      const config = emulatorConfigFromEnv({
        ...env,
        EMULATOR_PORT: env.EMULATOR_PORT ?? String(DEFAULT_EMULATOR_PORT),
        EMULATOR_SPA_ORIGINS:
          env.EMULATOR_SPA_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`,
      });
      const emulator = await buildEmulator({ config });
      await emulator.app.listen({ host: config.host, port: config.port });
      closers.push(() => emulator.app.close());
      await emulator.state.store.warm();
      pointAtEmulator(env, config);
      emulatorUrl = config.publicOrigin;
      if (!env.CHANGE_REPORTS_DIR) {
        const reports = await writeEmulatorReports(emulator.state.store);
        closers.push(reports.remove);
        env.CHANGE_REPORTS_DIR = reports.dir;
      }
    }
    const fleet = await startFleet({
      count,
      env,
      port,
      host,
      onLine: (i, line) => console.log(`[proxy ${i + 1}] ${line}`),
    });
    closers.push(() => fleet.stop());
    console.log(`Explorer ready at http://localhost:${port} (nginx, ${fleet.nginx.config})`);
    console.log(
      `  ${count} proxy instance${count > 1 ? 's' : ''}: ${fleet.instances.map((i) => i.origin).join(', ')}`,
    );
    console.log(`  Redis: ${env.REDIS_URL}${redis ? ` (files in ${redis.dir})` : ''}`);
    if (emulatorUrl)
      console.log(`  Data service: the emulator at ${emulatorUrl}; sign in as demo / demo`);
  } catch (error) {
    await stopAll();
    console.error((error as Error).message);
    process.exit(1);
  }

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
