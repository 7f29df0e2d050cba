import { createServer } from 'node:net';
import { buildEmulator } from '../emulator/app';
import {
  DEFAULT_EMULATOR_PORT,
  emulatorConfigFromEnv,
  type EmulatorConfig,
} from '../emulator/config';
import { TOKEN_PATH } from '../emulator/identity/token-endpoint';
import { USER_REALM_PATH } from '../emulator/identity/user-realm';
import { buildProxy } from '../proxy/app';
import { writeEmulatorReports } from './change-reports';
import { DEFAULT_PORT, proxyConfigFromEnv } from '../proxy/config';
import { refuseOpenDoor, type Listener } from './closed-by-default';

export interface StackOptions {
  env: NodeJS.ProcessEnv;
  /** Extra browser origins allowed to sign in (the Vite dev server). */
  extraSpaOrigins?: string[];
}

export interface Stack {
  url: string;
  emulatorUrl: string | undefined;
  /** The emulator's client credentials, for tests that call the data service directly. */
  emulatorClient: { id: string; secret: string } | undefined;
  /** Where the proxy reads change reports from (the emulator's, by default), if anywhere. */
  changeReportsDir: string | undefined;
  close(): Promise<void>;
}

/** Asks the OS for a free loopback port (tests pass PORT=0 and EMULATOR_PORT=0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function resolvePort(value: string | undefined, fallback: number): Promise<number> {
  if (value === '0') return freePort();
  return value ? Number(value) : fallback;
}

/**
 * The proxy's data service and sign-in become the embedded emulator's, with the settings its
 * dialect needs (the Spold route and the search's paging), unless they are set explicitly.
 */
export function pointAtEmulator(env: NodeJS.ProcessEnv, config: EmulatorConfig) {
  env.DATA_API_SPOLD_ROUTE ??= config.spoldRoute ?? 'none';
  env.DATA_API_SEARCH_PAGING ??=
    config.faults.paging ?? (config.dialect === 'variant' ? 'offset' : 'from');
  if (config.faults.absent_as !== undefined) env.DATA_API_ABSENT_AS ??= config.faults.absent_as;
  if (config.faults.max_limit !== undefined)
    env.DATA_API_PAGE_SIZE ??= String(config.faults.max_limit);
  env.DATA_API_URL = config.publicOrigin;
  env.DATA_API_TOKEN_URL = `${config.publicOrigin}${TOKEN_PATH}`;
  env.DATA_API_CLIENT_ID = config.client.id;
  env.DATA_API_CLIENT_SECRET = config.client.secret;
  env.DATA_API_EMULATED = 'true';
  if ((env.AUTH_MODE ?? 'oidc') === 'oidc')
    env.AUTH_ISSUER ??= `${config.publicOrigin}${USER_REALM_PATH}`;
}

/** What `npm start` binds: the proxy, and the emulator unless a real data service is named. */
function listeners(env: NodeJS.ProcessEnv): Listener[] {
  const host = env.HOST ?? '127.0.0.1';
  return [
    { name: 'the proxy', host },
    ...(env.DATA_API_URL ? [] : [{ name: 'the emulator', host }]),
  ];
}

/**
 * Reads the environment as `startStack` will, without starting or building anything, so a bad
 * variable stops `npm start` at once with its one-line message (ConfigError or
 * EmulatorConfigError) instead of after building the explorer.
 */
export function checkStackEnv(source: NodeJS.ProcessEnv): void {
  const env = { ...source };
  refuseOpenDoor(env, listeners(env));
  if (!env.DATA_API_URL) pointAtEmulator(env, emulatorConfigFromEnv(env));
  proxyConfigFromEnv(env);
}

/**
 * Starts the emulator (unless DATA_API_URL points at a real service) and the proxy in this
 * process. Either may be given port 0 for a free one.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const env = { ...options.env };
  refuseOpenDoor(env, listeners(env));
  const port = await resolvePort(env.PORT, DEFAULT_PORT);
  env.PORT = String(port);
  const spaOrigins = [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    ...(options.extraSpaOrigins ?? []),
  ];

  let emulator: Awaited<ReturnType<typeof buildEmulator>> | undefined;
  let emulatorUrl: string | undefined;
  let reports: Awaited<ReturnType<typeof writeEmulatorReports>> | undefined;
  if (!env.DATA_API_URL) {
    const emulatorPort = await resolvePort(env.EMULATOR_PORT, DEFAULT_EMULATOR_PORT);
    const config = emulatorConfigFromEnv({
      ...env,
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_SPA_ORIGINS: env.EMULATOR_SPA_ORIGINS ?? spaOrigins.join(','),
    });
    emulator = await buildEmulator({ config });
    await emulator.app.listen({ host: config.host, port: config.port });
    // Search indexes are built a release at a time before the stack says it is ready, so the
    // first searches (and a test run's first journeys) do not compete with building them.
    await emulator.state.store.warm();
    emulatorUrl = config.publicOrigin;
    pointAtEmulator(env, config);
    // The demo's change reports, unless the operator names a folder of their own.
    if (!env.CHANGE_REPORTS_DIR) {
      reports = await writeEmulatorReports(emulator.state.store);
      env.CHANGE_REPORTS_DIR = reports.dir;
    }
  }

  let proxy;
  try {
    const config = proxyConfigFromEnv(env);
    proxy = await buildProxy({ config });
    await proxy.app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await emulator?.app.close();
    await reports?.remove();
    throw error;
  }
  const running = proxy;
  return {
    url: `http://localhost:${port}`,
    emulatorUrl,
    emulatorClient: emulator
      ? { id: emulator.state.config.client.id, secret: emulator.state.config.client.secret }
      : undefined,
    changeReportsDir: env.CHANGE_REPORTS_DIR,
    async close() {
      await running.app.close();
      await emulator?.app.close();
      await reports?.remove();
    },
  };
}
