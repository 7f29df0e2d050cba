import type { LightMyRequestResponse } from 'fastify';
import { ProblemSchema } from '../../shared/problem';
import type { Proxy } from '../app';
import { useEmulatorHarness } from './emulator-harness';
import type { SignIn, StartedEmulator } from './emulator-proxy';
import type { OpenedProxies } from './opened-proxies';

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
 * after each test, and proxies on it (testing/emulator-harness.ts): `startTestEmulator` and
 * `signInWithCode` are passed in, as src/proxy may not import src/emulator.
 */
export function useEvidenceHarness(deps: {
  start: (env: Record<string, string>) => Promise<StartedEmulator>;
  signIn: SignIn;
}): Harness {
  const h = useEmulatorHarness(deps, {
    env: { EMULATOR_DIALECT: 'documented' },
    proxyEnv: { UPSTREAM_RETRY_MS: '5000' },
  });
  return {
    emulator: h.emulator,
    opened: h.opened,
    proxy: h.proxy,
    get: (p, url) => p.app.inject({ url, headers: h.as('alice') }),
    post: (p, url, payload) =>
      p.app.inject({ method: 'POST', url, headers: h.as('alice'), payload }),
    faults: h.faults,
    apiRequests: async () => (await h.stats()).api_requests,
  };
}

/** An error answer's problem details. */
export const problemOf = (response: { json: () => unknown }) =>
  ProblemSchema.parse(response.json());
