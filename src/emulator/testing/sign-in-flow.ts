import { createHash, randomBytes } from 'node:crypto';
import { DEMO_SIGN_IN } from '../../shared/config';
import { USER_REALM_PATH } from '../identity/user-realm';

/** A cookie jar just big enough for one sign-in against the demo realm. */
export class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs a demo user in the way a browser would (authorization code + PKCE, through the demo
 * login form) and returns the tokens, so tests use real access tokens from the realm.
 */
export async function signInWithCode(options: {
  emulatorOrigin: string;
  redirectOrigin: string;
  username?: string;
  password?: string;
  /** Press "Cancel" on the login form instead of signing in. */
  cancel?: boolean;
}) {
  const issuer = `${options.emulatorOrigin}${USER_REALM_PATH}`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${options.redirectOrigin}/callback`;
  const jar = new Jar();
  const authorize = new URL(`${issuer}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: DEMO_SIGN_IN.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: DEMO_SIGN_IN.scope,
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  let url = authorize.href;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.store(response);
    body = undefined;
    const location = response.headers.get('location');
    if (response.status === 200 && url.includes('/interaction/')) {
      const form = await response.text();
      const actions = [...form.matchAll(/action="([^"]+)"/g)].map((match) => match[1]);
      const action = actions[options.cancel ? 1 : 0];
      if (!action)
        throw new Error(options.cancel ? 'no Cancel on the login form' : 'no login form');
      url = new URL(action.replace(/&#47;/g, '/'), options.emulatorOrigin).href;
      body = new URLSearchParams({
        username: options.username ?? 'demo',
        password: options.password ?? 'demo',
      });
      continue;
    }
    if (!location) throw new Error(`sign-in stopped at HTTP ${response.status} on ${url}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`sign-in failed: ${next.search}`);
      const token = await fetch(`${issuer}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: DEMO_SIGN_IN.clientId,
          code_verifier: verifier,
        }),
      });
      if (!token.ok) throw new Error(`token exchange failed: HTTP ${token.status}`);
      return (await token.json()) as {
        access_token: string;
        refresh_token?: string;
        id_token: string;
      };
    }
    url = next.href;
  }
  throw new Error('sign-in did not finish within 10 redirects');
}
