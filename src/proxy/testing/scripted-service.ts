import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Proxy } from '../app';
import { proxyOnStub, type SignIn, type StartedEmulator } from './emulator-proxy';
import { openedProxies } from './opened-proxies';
import { startUpstreamStub, type ScriptedAnswer } from './upstream-stub';

type Stub = Awaited<ReturnType<typeof startUpstreamStub>>;

/** Serves `answers` by path (under /v0), anything else as the stub's defaults. */
export const serve =
  (answers: Record<string, ScriptedAnswer>): ScriptedAnswer =>
  (url, body) =>
    answers[url.pathname.replace(/^\/v0/, '')]?.(url, body);
export const json = (body: unknown) => () => ({ body });

/**
 * A data service answering in shapes a test scripts (the recording stub), its user signed in at
 * a test emulator's realm, for the adapter's test files: the script and the requests are reset
 * after each test, the proxies closed after the file. `startTestEmulator` and `signInWithCode`
 * are passed in, as src/proxy may not import src/emulator.
 */
export function useScriptedService(deps: {
  start: () => Promise<StartedEmulator>;
  signIn: SignIn;
}) {
  let emulator: StartedEmulator | undefined;
  let stub: Stub | undefined;
  let token = '';
  const opened = openedProxies();
  const running = <T>(what: T | undefined, name: string): T => {
    if (!what) throw new Error(`the ${name} did not start`);
    return what;
  };
  beforeAll(async () => {
    emulator = await deps.start();
    stub = await startUpstreamStub();
    token = (
      await deps.signIn({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        username: 'demo',
      })
    ).access_token;
  });
  afterEach(() => {
    if (!stub) return;
    stub.state.script = undefined;
    stub.requests.length = 0;
  });
  afterAll(async () => {
    await opened.closeAll();
    await stub?.close();
    await emulator?.close();
  });
  const theStub = () => running(stub, 'upstream stub');
  return {
    stub: theStub,
    /** The emulator whose realm signs the users in. */
    realm: () => running(emulator, 'emulator'),
    /** The demo user's access token. */
    token: () => token,
    /** A proxy on the stub, closed after the file; `logs` collects its log lines. */
    proxy: async (env: Record<string, string> = {}, logs?: string[]) => {
      const built = await proxyOnStub(
        theStub(),
        running(emulator, 'emulator'),
        { LOG_LEVEL: logs ? 'info' : 'silent', ...env },
        {
          ...(logs
            ? {
                logStream: new Writable({
                  write(chunk: Buffer, _encoding, done) {
                    logs.push(chunk.toString());
                    done();
                  },
                }),
              }
            : {}),
        },
      );
      opened.keep(built);
      return built;
    },
    get: async (p: Proxy, url: string) =>
      p.app.inject({ url, headers: { authorization: `Bearer ${token}` } }),
    /** The paths and queries the stub was asked since the test began. */
    upstreamPaths: () => theStub().requests.map((r) => r.url),
  };
}
