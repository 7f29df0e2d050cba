import { afterAll, afterEach, beforeAll } from 'vitest';
import { proxyOnEmulator, TEST_CLIENT, type SignIn, type StartedEmulator } from './emulator-proxy';
import { openedProxies } from './opened-proxies';
import type { ProxyDeps } from '../app';

/**
 * One emulator for a test file, in the dialect of the Vitest project (documented, or variant in
 * `node-variant`) unless `env` says, with two users signed in (`alice` is `demo`, `bob` is
 * `maria`), its faults and meter reset after each test, and proxies on it (with `proxyEnv`)
 * closed after the file. `startTestEmulator` and `signInWithCode` are passed in, as src/proxy
 * may not import src/emulator.
 */
export function useEmulatorHarness<E extends StartedEmulator>(
  deps: { start: (env: Record<string, string>) => Promise<E>; signIn: SignIn },
  options: { env?: Record<string, string>; proxyEnv?: Record<string, string> } = {},
) {
  let emulator: E | undefined;
  let tokens = { alice: '', bob: '' };
  const opened = openedProxies();
  const running = () => {
    if (!emulator) throw new Error('the emulator did not start');
    return emulator;
  };
  beforeAll(async () => {
    const started = await deps.start({ ...TEST_CLIENT, ...options.env });
    emulator = started;
    const signIn = (username: string) =>
      deps.signIn({ emulatorOrigin: started.origin, redirectOrigin: 'http://spa.test', username });
    tokens = {
      alice: (await signIn('demo')).access_token,
      bob: (await signIn('maria')).access_token,
    };
  });
  afterEach(async () => {
    await fetch(`${running().origin}/_emulator/reset`, { method: 'POST' });
  });
  afterAll(async () => {
    await opened.closeAll();
    await emulator?.close();
  });
  return {
    emulator: running,
    /** Proxies opened so far (closed after the file), for tests that close theirs earlier. */
    opened,
    /** A proxy on the emulator, closed after the file. */
    proxy: async (env: Record<string, string> = {}, deps: Omit<ProxyDeps, 'config'> = {}) => {
      const built = await proxyOnEmulator(running(), { ...options.proxyEnv, ...env }, deps);
      opened.keep(built);
      return built;
    },
    /** A user's headers. */
    as: (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` }),
    /** How many API and token requests the emulator has answered. */
    stats: async () =>
      (await fetch(`${running().origin}/_emulator/stats`)).json() as Promise<{
        api_requests: number;
        token_requests: number;
      }>,
    faults: (body: Record<string, unknown>) =>
      fetch(`${running().origin}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}
