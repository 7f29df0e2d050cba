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
  const emulator = await startTestEmulator(TEST_CLIENT);
  // The emulator's change reports, as `npm start` loads them.
  const reports = await emulatorChangeReports(emulator);
  const proxy = await proxyOnEmulator(emulator, reports.env);
  await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const address = proxy.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  const signIn = async (username: string) =>
    (
      await signInWithCode({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        username,
      })
    ).access_token;
  const stack: WebStack = {
    proxyOrigin: `http://127.0.0.1:${address.port}`,
    emulatorOrigin: emulator.origin,
    tokens: { demo: await signIn('demo'), maria: await signIn('maria') },
  };
  project.provide('webStack', stack);
  return async () => {
    await proxy.app.close();
    await emulator.close();
    await reports.remove();
  };
}
