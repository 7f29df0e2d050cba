import type { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { UpstreamRequest } from '../upstream/http-client';
import { proxyOnStub, type SignIn, type StartedEmulator } from './emulator-proxy';
import { openedProxies } from './opened-proxies';
import { startUpstreamStub } from './upstream-stub';

type Stub = Awaited<ReturnType<typeof startUpstreamStub>>;
/** The two users of the security tests: `demo` and `maria`. */
type Tokens = { a: string; b: string };

/**
 * The security catalogue's stage (security.md §4.2): a recording stub upstream that misbehaves
 * on demand, two users signed in at a test emulator's realm, and a clock the tests move. The
 * stub is well-behaved and the clock now again before each test, and its proxies are closed
 * after it. `startTestEmulator` and `signInWithCode` are passed in, as src/proxy may not import
 * src/emulator.
 */
export function useStubHarness(deps: { start: () => Promise<StartedEmulator>; signIn: SignIn }) {
  let emulator: StartedEmulator | undefined;
  let stub: Stub | undefined;
  let tokens: Tokens = { a: '', b: '' };
  let now = Date.now();
  const opened = openedProxies();
  const theStub = () => {
    if (!stub) throw new Error('the upstream stub did not start');
    return stub;
  };
  const theRealm = () => {
    if (!emulator) throw new Error('the emulator did not start');
    return emulator;
  };

  beforeAll(async () => {
    emulator = await deps.start();
    stub = await startUpstreamStub();
    const realm = emulator;
    const signIn = async (username: string) =>
      (
        await deps.signIn({
          emulatorOrigin: realm.origin,
          redirectOrigin: 'http://spa.test',
          username,
        })
      ).access_token;
    tokens = { a: await signIn('demo'), b: await signIn('maria') };
  });
  beforeEach(() => {
    const upstream = theStub();
    upstream.requests.length = 0;
    upstream.tokenRequests.length = 0;
    Object.assign(upstream.state, {
      mode: 'ok',
      tokenMode: 'ok',
      expiresIn: 300,
      tokens: 0,
      currentToken: '',
      delayMs: 300,
      maxInflight: 0,
    });
    now = Date.now();
  });
  afterEach(async () => {
    await opened.closeAll();
  });
  afterAll(async () => {
    await stub?.close();
    await emulator?.close();
  });

  return {
    stub: theStub,
    /** The users' access tokens. */
    tokens: () => tokens,
    /** Proxies opened so far, closed after each test. */
    opened,
    /** Moves the proxies' clock forward. */
    advance: (ms: number) => {
      now += ms;
    },
    /** A proxy on the stub, on the test's clock, closed after the test. */
    proxy: async (
      env: Record<string, string> = {},
      options: { upstream?: UpstreamRequest; logStream?: Writable } = {},
    ) => {
      const built = await proxyOnStub(theStub(), theRealm(), env, { now: () => now, ...options });
      opened.keep(built);
      return built;
    },
    /** A user's headers, with `extra`. */
    as: (who: keyof Tokens, extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${tokens[who]}`,
      ...extra,
    }),
  };
}
