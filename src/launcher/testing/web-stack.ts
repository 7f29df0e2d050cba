import type { TestProject } from 'vitest/node';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import {
  emulatorChangeReports,
  proxyOnEmulator,
  TEST_CLIENT,
} from '../../proxy/testing/emulator-proxy';

/** What the SPA's data-layer tests get: a real proxy on a real emulator, and users' tokens. */
export interface WebStack {
  proxyOrigin: string;
  emulatorOrigin: string;
  tokens: { demo: string; maria: string };
  /**
   * A second proxy and emulator whose data service names everything like a spreadsheet formula
   * (`EMULATOR_FORMULA_NAMES`), its change reports too: what every export must write as text.
   */
  formulas: { proxyOrigin: string; token: string };
}

declare module 'vitest' {
  // The same declaration is in src/web/testing/live-proxy.ts, for the tests that read it.
  export interface ProvidedContext {
    webStack: WebStack;
  }
}

/**
 * Vitest global setup of the `web-live` project: the SPA's API client, query factories and
 * route loaders are tested against the proxy and the emulator themselves (the emulator being
 * the only fake of the data service), started once on loopback ports for every such test.
 * It lives here, where the parts are put together, because src/web may not import them.
 */
export default async function setup(project: TestProject) {
  const started = [await startStack({}), await startStack({ EMULATOR_FORMULA_NAMES: 'true' })];
  const [main, formulas] = started;
  if (!main || !formulas) throw new Error('no stack');
  const stack: WebStack = {
    proxyOrigin: main.proxyOrigin,
    emulatorOrigin: main.emulatorOrigin,
    tokens: { demo: await main.signIn('demo'), maria: await main.signIn('maria') },
    formulas: { proxyOrigin: formulas.proxyOrigin, token: await formulas.signIn('demo') },
  };
  project.provide('webStack', stack);
  return async () => {
    for (const one of started) await one.close();
  };
}

/** An emulator with its change reports, as `npm start` loads them, and a proxy in front. */
async function startStack(env: Record<string, string>) {
  // Users' tokens are made once, here, for every test of the project: they live an hour, so
  // tests that run late on a busy machine (past the default 10 minutes) are still signed in.
  const emulator = await startTestEmulator({
    ...TEST_CLIENT,
    EMULATOR_USER_TOKEN_TTL: '3600',
    ...env,
  });
  const reports = await emulatorChangeReports(emulator);
  const proxy = await proxyOnEmulator(emulator, reports.env);
  await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const address = proxy.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    proxyOrigin: `http://127.0.0.1:${address.port}`,
    emulatorOrigin: emulator.origin,
    signIn: async (username: string) =>
      (
        await signInWithCode({
          emulatorOrigin: emulator.origin,
          redirectOrigin: 'http://spa.test',
          username,
        })
      ).access_token,
    close: async () => {
      await proxy.app.close();
      await emulator.close();
      await reports.remove();
    },
  };
}
