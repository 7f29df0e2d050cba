import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { TokenCache, type TokenGrant } from './token-cache';

/** A token endpoint under test control: counts calls, answers when told, with a movable clock. */
function harness(lifetimeSeconds = 3600) {
  let now = 1_000_000;
  let calls = 0;
  let fail: ProxyError | undefined;
  let release: (() => void) | undefined;
  let hold = false;
  const cache = new TokenCache({
    now: () => now,
    random: () => 1,
    fetchToken: async (): Promise<TokenGrant> => {
      calls++;
      const n = calls;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (fail) throw fail;
      return { accessToken: `token-${n}`, expiresInSeconds: lifetimeSeconds };
    },
  });
  return {
    cache,
    advance: (ms: number) => (now += ms),
    calls: () => calls,
    failWith: (error: ProxyError | undefined) => (fail = error),
    holdNext: () => (hold = true),
    releaseHeld: () => {
      hold = false;
      release?.();
    },
  };
}

describe('the service-token cache', () => {
  it('makes one token request for 1000 callers on a cold start', async () => {
    const h = harness();
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => h.cache.get()));
    expect(h.calls()).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
  });

  it('makes exactly one token request for 1000 callers arriving at expiry', async () => {
    const h = harness(3600);
    await h.cache.get();
    h.advance(3600_000 - 10_000); // inside the hard skew (30 s)
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => h.cache.get()));
    expect(h.calls()).toBe(2);
    expect(new Set(tokens)).toEqual(new Set(['token-2']));
  });

  it('serves the cached token inside the soft window while one refresh runs', async () => {
    const h = harness(300); // soft window 75 s, hard skew 30 s
    await h.cache.get();
    h.advance(300_000 - 60_000);
    h.holdNext();
    const served = await Promise.all([h.cache.get(), h.cache.get()]);
    expect(served).toEqual(['token-1', 'token-1']);
    expect(h.calls()).toBe(2);
    h.releaseHeld();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await h.cache.get()).toBe('token-2');
  });

  it('reads the lifetime from each answer, never a constant', async () => {
    const h = harness(60); // soft window 15 s, hard skew 6 s
    await h.cache.get();
    h.advance(40_000);
    expect(await h.cache.get()).toBe('token-1');
    expect(h.calls()).toBe(1);
    h.advance(15_000); // 55 s of 60: callers wait for a new token
    expect(await h.cache.get()).toBe('token-2');
  });

  it('backs off after a failure: callers fail fast and no new request is made', async () => {
    const h = harness();
    h.failWith(new ProxyError(503, 'idp_unavailable'));
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'idp_unavailable', status: 503 });
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'idp_unavailable' });
    expect(h.calls()).toBe(1);
    const error = (await h.cache.get().catch((e: unknown) => e)) as ProxyError;
    expect(error.options.headers?.['retry-after']).toBe('1');
    h.advance(600);
    h.failWith(undefined);
    expect(await h.cache.get()).toBe('token-2');
  });

  it('keeps serving the old token until its real expiry while the identity provider is down', async () => {
    const h = harness(300);
    await h.cache.get();
    h.failWith(new ProxyError(503, 'idp_unavailable'));
    h.advance(300_000 - 20_000); // inside the hard skew: must wait for a refresh, which fails
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'idp_unavailable' });
    // During the backoff the still-valid token is served.
    expect(await h.cache.get()).toBe('token-1');
    h.advance(25_000); // the token has expired now
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'idp_unavailable' });
  });

  it('backs off after invalid_client, and serves again within seconds once the secret works', async () => {
    const h = harness();
    h.failWith(new ProxyError(502, 'upstream_auth_config'));
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'upstream_auth_config' });
    // Callers during a backoff make no token request of their own.
    await expect(h.cache.get()).rejects.toMatchObject({ code: 'upstream_auth_config' });
    expect(h.calls()).toBe(1);
    // A wrong secret left in place for two minutes: a request every few seconds, no more.
    for (let second = 0; second < 120; second++) {
      h.advance(1_000);
      await expect(h.cache.get()).rejects.toMatchObject({ code: 'upstream_auth_config' });
    }
    expect(h.calls()).toBeLessThanOrEqual(1 + 120 / 4);
    // The secret is fixed: the next request after at most one backoff gets a token.
    h.failWith(undefined);
    h.advance(5_000);
    expect(await h.cache.get()).toMatch(/^token-/);
  });

  it('invalidates only the token that was rejected (compare-and-invalidate)', async () => {
    const h = harness();
    const first = await h.cache.get();
    h.cache.invalidate(first);
    h.cache.invalidate(first);
    const second = await h.cache.get();
    h.cache.invalidate(first);
    expect(await h.cache.get()).toBe(second);
    expect(h.calls()).toBe(2);
  });

  it('keeps a replacement the service refuses too, for a few seconds, instead of fetching a third (SEC-11c)', async () => {
    const h = harness();
    const first = await h.cache.get();
    h.cache.invalidate(first);
    const replacement = await h.cache.get();
    // A request slowed past the refresh sends the replacement and sees it refused as well.
    h.cache.invalidate(replacement);
    expect(await h.cache.get()).toBe(replacement);
    expect(h.calls()).toBe(2);
    // Later, a refusal may mean a new reason (a rotated key): one more token is fetched.
    h.advance(10_000);
    h.cache.invalidate(replacement);
    expect(await h.cache.get()).toBe('token-3');
  });
});
