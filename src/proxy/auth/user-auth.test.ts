import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { proxyConfigFromEnv } from '../config';
import { ProxyError } from '../errors';
import { TEST_CLIENT } from '../testing/emulator-proxy';
import { createUserVerifier } from './user-auth';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let authorization: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  authorization = `Bearer ${signedIn.access_token}`;
});
afterAll(async () => {
  await emulator.close();
});

describe('a user’s token, remembered once verified', () => {
  const verifier = (now: () => number, fetchImpl: typeof fetch = fetch) =>
    createUserVerifier(
      proxyConfigFromEnv({
        DATA_API_URL: emulator.origin,
        ...TEST_CLIENT,
        AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      }).auth,
      { fetch: fetchImpl, timeoutMs: 5_000, now },
    );

  it('is accepted again while the sign-in service is unreachable, until it expires', async () => {
    let clock = Date.now();
    let reachable = true;
    const verify = verifier(
      () => clock,
      async (input, init) => {
        if (!reachable) throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    );
    const first = await verify(authorization);
    reachable = false;
    // Remembered: no key, no discovery needed for the same token.
    expect(await verify(authorization)).toEqual(first);
    // Past its expiry it is refused, remembered or not.
    clock += 3_600_000;
    const refused = await verify(authorization).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProxyError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it('does not take a tampered copy of a remembered token for it', async () => {
    const verify = verifier(Date.now);
    await verify(authorization);
    // A character inside the signature: the last one holds bits base64url leaves unused, so
    // changing it may decode to the very same signature (the test then failed now and then).
    const at = authorization.lastIndexOf('.') + 10;
    const tampered = `${authorization.slice(0, at)}${authorization[at] === 'A' ? 'B' : 'A'}${authorization.slice(at + 1)}`;
    await expect(verify(tampered)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
  });
});
