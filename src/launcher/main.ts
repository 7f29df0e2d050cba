import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepConsoleFromEndingProcess } from '../proxy/log-sink';
import { ConfigError } from '../proxy/config';
import { EmulatorConfigError } from '../emulator/config';
import { DEMO_USERS } from '../emulator/identity/demo-users';
import { buildSpa, isSpaBuildCurrent } from './spa-build';
import { checkStackEnv, startStack, type Stack } from './stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEV_PORT = 5173;

/** `npm start` (built SPA) and `npm run dev` (Vite with HMR) over the same backend. */
async function main() {
  // What is printed is worth losing when stdout cannot be written; the explorer is not.
  keepConsoleFromEndingProcess();
  // An optional .env in the working directory; variables already set win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const dev = process.argv.includes('--dev');
  const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  try {
    checkStackEnv(env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmulatorConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const outDir = path.join(ROOT, process.env.STATIC_DIR ?? 'dist');
  if (!dev && !isSpaBuildCurrent(ROOT, outDir)) {
    console.log('Building the explorer (first start, or its sources changed)…');
    await buildSpa(ROOT, outDir);
  }

  let stack: Stack;
  try {
    stack = await startStack({
      env,
      extraSpaOrigins: dev ? [`http://localhost:${DEV_PORT}`, `http://127.0.0.1:${DEV_PORT}`] : [],
    });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmulatorConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${(error as { port?: number }).port ?? ''} is in use: set PORT or EMULATOR_PORT to another one.`,
      );
      process.exit(1);
    }
    throw error;
  }

  const closers: (() => Promise<void>)[] = [() => stack.close()];
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: ROOT,
      server: { port: DEV_PORT, strictPort: true, proxy: { '/api': stack.url } },
    });
    await vite.listen();
    closers.unshift(() => vite.close());
    console.log(`Explorer (development, hot reload) ready at http://localhost:${DEV_PORT}`);
  } else {
    console.log(`Explorer ready at ${stack.url}`);
  }
  if (stack.emulatorUrl) {
    const others = DEMO_USERS.filter((u) => u.username !== 'demo').map((u) => u.username);
    console.log(
      `Demo sign-in: user "demo", password "demo" (other demo users: ${others.join(', ')}); data from the emulator at ${stack.emulatorUrl}`,
    );
  }
  console.log(
    stack.changeReportsDir
      ? `Change reports across releases: ${stack.changeReportsDir}`
      : 'No change reports (CHANGE_REPORTS_DIR): changes across releases are inferred from documentation only',
  );

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void Promise.all(closers.map((close) => close())).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
