import { User, UserManager } from 'oidc-client-ts';
import { z } from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import {
  HANDOFF_KEY,
  isSignInAnswer,
  returnPath,
  signedInAtBoot,
  signInFirst,
} from './sign-in-first';

const CONFIG = {
  auth: {
    mode: 'oidc',
    issuer: 'http://127.0.0.1:1/realms/explorer',
    clientId: 'lci-explorer',
    scope: 'openid profile',
    programClientId: 'lci-explorer-cli',
  },
  dataService: { emulated: true, name: 'demo data', spoldLookup: true, sectorIndex: true },
  explorer: { version: '0.1.0' },
  licence: { holder: 'Demo organisation' },
  limits: { requestsPerMinute: 600, concurrentCalls: 8, queuedCalls: 500, queueSeconds: 10 },
};

/** The identity provider's discovery document. */
const METADATA = {
  issuer: CONFIG.auth.issuer,
  authorization_endpoint: `${CONFIG.auth.issuer}/protocol/openid-connect/auth`,
  token_endpoint: `${CONFIG.auth.issuer}/protocol/openid-connect/token`,
  end_session_endpoint: `${CONFIG.auth.issuer}/protocol/openid-connect/logout`,
};
const DISCOVERY = `${CONFIG.auth.issuer}/.well-known/openid-configuration`;

/**
 * The proxy and the identity provider's discovery document as the browser sees them: every
 * address asked for, and every other call's Authorization header.
 */
function stubProxy(asked: string[] = []) {
  const authorizations: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | Request, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input.url;
      asked.push(path);
      if (path === '/api/config') return Promise.resolve(Response.json(CONFIG));
      if (path === DISCOVERY) return Promise.resolve(Response.json(METADATA));
      authorizations.push(new Headers(init?.headers).get('authorization'));
      return Promise.resolve(Response.json({ ok: true }));
    }),
  );
  return authorizations;
}

const signedIn = (state: unknown) =>
  new User({
    access_token: 'user-token',
    token_type: 'Bearer',
    profile: { sub: 'demo', iss: CONFIG.auth.issuer, aud: 'x', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 600,
    userState: state,
  });

describe('signInFirst', () => {
  beforeEach(() => {
    window.history.replaceState({}, '', '/');
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('completes the callback before the explorer loads, so its very first call carries the token', async () => {
    const authorizations = stubProxy();
    vi.spyOn(UserManager.prototype, 'signinCallback').mockResolvedValue(
      signedIn({ returnTo: '/3.12/cutoff/datasets/8279?ind=882' }),
    );
    window.history.replaceState({}, '', '/callback?code=abc&state=xyz');
    const preload = vi.fn();

    const boot = await signInFirst(preload);

    expect(boot && 'config' in boot && boot.userManager).toBeTruthy();
    expect(preload).toHaveBeenCalledOnce();
    // Back where the user started, with nothing of the callback left in the address.
    expect(window.location.pathname + window.location.search).toBe(
      '/3.12/cutoff/datasets/8279?ind=882',
    );
    await apiRequest('/api/versions', z.object({ ok: z.boolean() }));
    expect(authorizations).toEqual(['Bearer user-token']);
  });

  it('goes to the identity provider without loading the explorer when nobody is signed in', async () => {
    stubProxy();
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue();
    window.history.replaceState({}, '', '/3.12/cutoff/compare?ds=1,2');
    const preload = vi.fn();

    expect(await signInFirst(preload)).toBeUndefined();
    expect(preload).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/3.12/cutoff/compare?ds=1,2' } });
  });

  it('leaves the settings and the provider’s metadata for the page the provider sends back', async () => {
    const asked: string[] = [];
    stubProxy(asked);
    vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue();
    window.history.replaceState({}, '', '/3.12/cutoff');

    expect(await signInFirst(vi.fn())).toBeUndefined();

    expect(asked).toEqual(['/api/config', DISCOVERY]);
    const left = JSON.parse(window.sessionStorage.getItem(HANDOFF_KEY) ?? 'null') as {
      at: number;
    } | null;
    expect(left).toEqual({ at: left?.at, config: CONFIG, metadata: METADATA });
    expect(Math.abs(Date.now() - (left?.at ?? 0))).toBeLessThan(60_000);
  });

  it('exchanges the code with what the page before left, before the explorer’s code loads and without asking the provider’s metadata again', async () => {
    const asked: string[] = [];
    const authorizations = stubProxy(asked);
    window.sessionStorage.setItem(
      HANDOFF_KEY,
      JSON.stringify({ at: Date.now(), config: CONFIG, metadata: METADATA }),
    );
    const order: string[] = [];
    let tokenEndpoint: string | undefined;
    vi.spyOn(UserManager.prototype, 'signinCallback').mockImplementation(async function (
      this: UserManager,
    ) {
      order.push('code exchange starts');
      // The token endpoint as the code exchange asks for it: known without a round trip.
      tokenEndpoint = await this.metadataService.getTokenEndpoint();
      return signedIn({ returnTo: '/3.12/cutoff/changes?from=3.11' });
    });
    window.history.replaceState({}, '', '/callback?code=abc&state=xyz');

    const boot = await signInFirst(() => order.push('explorer loads'));

    expect(order).toEqual(['code exchange starts', 'explorer loads']);
    expect(tokenEndpoint).toBe(METADATA.token_endpoint);
    expect(asked).not.toContain(DISCOVERY);
    expect(boot && 'config' in boot && boot.config).toEqual(CONFIG);
    expect(window.location.pathname + window.location.search).toBe(
      '/3.12/cutoff/changes?from=3.11',
    );
    // Read once: a second callback page (a reload of it) does not find it.
    expect(window.sessionStorage.getItem(HANDOFF_KEY)).toBeNull();
    await apiRequest('/api/versions', z.object({ ok: z.boolean() }));
    expect(authorizations).toEqual(['Bearer user-token']);
  });

  it.each([
    ['cannot be read', { config: { auth: 'x' } }],
    [
      'was left by a sign-in abandoned long ago',
      { at: Date.now() - 16 * 60_000, config: CONFIG, metadata: METADATA },
    ],
  ])('asks for the settings again when what the page before left %s', async (_, left) => {
    const asked: string[] = [];
    stubProxy(asked);
    window.sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(left));
    const callback = vi
      .spyOn(UserManager.prototype, 'signinCallback')
      .mockResolvedValue(signedIn({ returnTo: '/' }));
    window.history.replaceState({}, '', '/callback?code=abc&state=xyz');

    const boot = await signInFirst(vi.fn());

    expect(callback).toHaveBeenCalledOnce();
    expect(boot && 'userManager' in boot && boot.userManager?.settings.metadata).toBeUndefined();
    expect(asked).toEqual(['/api/config']);
  });

  it('shows the explorer with the identity provider’s refusal when the callback fails', async () => {
    stubProxy();
    vi.spyOn(UserManager.prototype, 'signinCallback').mockRejectedValue(new Error('access_denied'));
    window.history.replaceState({}, '', '/callback?error=access_denied&state=xyz');

    const boot = await signInFirst(vi.fn());

    expect(boot && 'signInError' in boot && boot.signInError?.message).toBe('access_denied');
    expect(window.location.search).toBe('');
  });

  it('lets the explorer ask the proxy at once only when someone is signed in', async () => {
    stubProxy();
    vi.spyOn(UserManager.prototype, 'signinCallback').mockResolvedValue(
      signedIn({ returnTo: '/3.12/cutoff' }),
    );
    window.history.replaceState({}, '', '/callback?code=abc&state=xyz');
    const back = await signInFirst(vi.fn());
    expect(back && signedInAtBoot(back)).toBe(true);

    // Signed out, the page waits for "Sign in again": a call would be answered 401.
    window.history.replaceState({}, '', '/signed-out');
    const signedOut = await signInFirst(vi.fn());
    expect(signedOut && signedInAtBoot(signedOut)).toBe(false);
  });

  it('says why when the proxy cannot be asked for its settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const boot = await signInFirst(vi.fn());
    expect(boot && 'configError' in boot).toBe(true);
  });
});

describe('returnPath and isSignInAnswer', () => {
  it('never returns to the callback or the signed-out page', () => {
    expect(returnPath({ pathname: '/callback', search: '?code=1', hash: '' })).toBe('/');
    expect(returnPath({ pathname: '/signed-out', search: '', hash: '' })).toBe('/');
    expect(returnPath({ pathname: '/3.12/apos', search: '?ind=1', hash: '#x' })).toBe(
      '/3.12/apos?ind=1#x',
    );
  });

  it('takes only the callback path with a state and a code or an error as an answer', () => {
    expect(isSignInAnswer({ pathname: '/callback', search: '?code=1&state=2' })).toBe(true);
    expect(isSignInAnswer({ pathname: '/callback', search: '?error=x&state=2' })).toBe(true);
    expect(isSignInAnswer({ pathname: '/callback', search: '?code=1' })).toBe(false);
    expect(isSignInAnswer({ pathname: '/datasets', search: '?code=1&state=2' })).toBe(false);
  });
});
