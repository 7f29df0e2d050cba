import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProxy, type Proxy, type ProxyDeps } from '../app';
import { proxyConfigFromEnv } from '../config';

/**
 * A test emulator once started (`startTestEmulator`) and how a demo user signs in at its realm
 * (`signInWithCode`): what the test files give the set-ups in this folder, as src/proxy may
 * not import src/emulator.
 */
export interface StartedEmulator {
  origin: string;
  close: () => Promise<void>;
}
export type SignIn = (options: {
  emulatorOrigin: string;
  redirectOrigin: string;
  username?: string;
}) => Promise<{ access_token: string }>;

/** The client credentials the proxy tests give their emulator, and the proxy in front of it. */
export const TEST_CLIENT = {
  DATA_API_CLIENT_ID: 'explorer-proxy',
  DATA_API_CLIENT_SECRET: 'explorer-proxy-secret',
};

/**
 * The settings a proxy needs for the emulator's dialect, as an operator would set them after
 * `npm run check:upstream`: where its Spold lookup is, how its lists page and how large a page
 * it gives.
 */
async function dialectSettings(origin: string): Promise<Record<string, string>> {
  const answer = (await (await fetch(`${origin}/_emulator/dialect`)).json()) as {
    spold_route: string | null;
    paging: string;
    max_limit: number;
    absent_as: string;
  };
  return {
    DATA_API_SPOLD_ROUTE: answer.spold_route ?? 'none',
    DATA_API_SEARCH_PAGING: answer.paging,
    DATA_API_PAGE_SIZE: String(answer.max_limit),
    DATA_API_ABSENT_AS: answer.absent_as,
  };
}

/**
 * The change reports a test emulator publishes (`GET /change-reports`), fetched into a folder
 * of their own as `npm start` gives them to its proxy: pass `env` as the proxy's environment,
 * and `remove` the folder after.
 */
export async function emulatorChangeReports(emulator: {
  origin: string;
}): Promise<{ env: { CHANGE_REPORTS_DIR: string }; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'test-change-reports-'));
  const listing = (await (await fetch(`${emulator.origin}/change-reports`)).json()) as {
    reports: { name: string; url: string }[];
  };
  for (const report of listing.reports)
    await writeFile(
      join(dir, `${report.name}.json`),
      await (await fetch(`${emulator.origin}${report.url}`)).text(),
    );
  return {
    env: { CHANGE_REPORTS_DIR: dir },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A proxy in front of a test emulator (started with `TEST_CLIENT`): its data service, token
 * endpoint and sign-in realm, no SPA, no ledger file, no logs; `env` overrides any of it, and
 * `deps` passes a log stream or a clock.
 */
export async function proxyOnEmulator(
  emulator: { origin: string },
  env: Record<string, string> = {},
  deps: Omit<ProxyDeps, 'config'> = {},
): Promise<Proxy> {
  return buildProxy({
    ...deps,
    config: proxyConfigFromEnv({
      ...(await dialectSettings(emulator.origin)),
      DATA_API_URL: emulator.origin,
      // The data service's token endpoint, which the emulator serves at the same path.
      DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
      ...TEST_CLIENT,
      AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      STATIC_DIR: '/nonexistent',
      USAGE_LEDGER_PATH: 'none',
      USAGE_WITNESS_PATH: 'none',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  });
}

/**
 * A proxy in front of a recording stub upstream (testing/upstream-stub.ts), its users signed in
 * at a test emulator's realm: for tests that need a data service to misbehave or to answer in
 * shapes of the test's choosing. `deps` passes a clock, an HTTP client or a log stream.
 */
export function proxyOnStub(
  stub: { origin: string },
  realm: { origin: string },
  env: Record<string, string> = {},
  deps: Omit<ProxyDeps, 'config'> = {},
): Promise<Proxy> {
  return buildProxy({
    config: proxyConfigFromEnv({
      DATA_API_URL: stub.origin,
      DATA_API_TOKEN_URL: `${stub.origin}/token`,
      DATA_API_CLIENT_ID: 'proxy',
      DATA_API_CLIENT_SECRET: 'stub-secret',
      AUTH_ISSUER: `${realm.origin}/realms/explorer`,
      STATIC_DIR: '/nonexistent',
      USAGE_LEDGER_PATH: 'none',
      USAGE_WITNESS_PATH: 'none',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    ...deps,
  });
}
