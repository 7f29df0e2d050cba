import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from './emulator-proxy';
import { openedProxies, type OpenedProxies } from './opened-proxies';

/** What a test file of issue 32's deviations needs: where the emulator is, a user, faults. */
interface Harness {
  emulator: () => { origin: string };
  /** A proxy on the emulator (set as check:upstream would set it), closed after the file. */
  proxy: (env?: Record<string, string>) => Promise<Proxy>;
  /** A GET through a proxy as the demo user. */
  get: (p: Proxy, url: string) => Promise<LightMyRequestResponse>;
  /** A POST of JSON through a proxy as the demo user. */
  post: (p: Proxy, url: string, payload: object) => Promise<LightMyRequestResponse>;
  faults: (body: Record<string, unknown>) => Promise<Response>;
  /** The emulator's API requests so far. */
  apiRequests: () => Promise<number>;
  /** Proxies opened so far (closed after the file), for tests that close theirs earlier. */
  opened: OpenedProxies;
}

/**
 * One emulator (documented dialect) for a test file, its demo user signed in, its faults reset
 * after each test, and proxies on it: `startTestEmulator` and `signInWithCode` are passed in, as
 * src/proxy may not import src/emulator.
 */
export function useEvidenceHarness(deps: {
  start: (env: Record<string, string>) => Promise<{ origin: string; close: () => Promise<void> }>;
  signIn: (options: { emulatorOrigin: string; redirectOrigin: string }) => Promise<{
    access_token: string;
  }>;
}): Harness {
  let emulator: { origin: string; close: () => Promise<void> } | undefined;
  let token = '';
  const opened = openedProxies();
  const running = () => {
    if (!emulator) throw new Error('the emulator did not start');
    return emulator;
  };
  beforeAll(async () => {
    emulator = await deps.start({ ...TEST_CLIENT, EMULATOR_DIALECT: 'documented' });
    token = (
      await deps.signIn({ emulatorOrigin: emulator.origin, redirectOrigin: 'http://spa.test' })
    ).access_token;
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
    opened,
    async proxy(env = {}) {
      const built = await proxyOnEmulator(running(), { UPSTREAM_RETRY_MS: '5000', ...env });
      opened.keep(built);
      return built;
    },
    get: (p, url) => p.app.inject({ url, headers: { authorization: `Bearer ${token}` } }),
    post: (p, url, payload) =>
      p.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload,
      }),
    faults: (body) =>
      fetch(`${running().origin}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    apiRequests: async () =>
      (
        (await (await fetch(`${running().origin}/_emulator/stats`)).json()) as {
          api_requests: number;
        }
      ).api_requests,
  };
}

/** An error answer's problem details. */
export const problemOf = (response: { json: () => unknown }) =>
  ProblemSchema.parse(response.json());
