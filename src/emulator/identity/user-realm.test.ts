import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../testing/sign-in-flow';
import { startTestEmulator } from '../testing/start';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
const realm = () => `${emulator.origin}/realms/explorer`;

beforeAll(async () => {
  emulator = await startTestEmulator({ EMULATOR_SCALE: '0.05', EMULATOR_USER_TOKEN_TTL: '300' });
});
afterAll(() => emulator.close());

describe('the demo organisation’s sign-in realm', () => {
  it('publishes discovery with Keycloak-style endpoints and PKCE S256', async () => {
    const discovery = (await (
      await fetch(`${realm()}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: realm(),
      authorization_endpoint: `${realm()}/protocol/openid-connect/auth`,
      token_endpoint: `${realm()}/protocol/openid-connect/token`,
      jwks_uri: `${realm()}/protocol/openid-connect/certs`,
      end_session_endpoint: `${realm()}/protocol/openid-connect/logout`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: { kid?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.some((key) => key.kid === 'keystore-CHANGE-ME')).toBe(false);
  });

  it('signs a demo user in with code + PKCE and issues a JWT for the proxy’s audience', async () => {
    const tokens = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username: 'maria',
    });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: realm(), sub: 'maria', aud: 'urn:lci-explorer:proxy' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
  });

  it('issues a rotating refresh token', async () => {
    const tokens = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
    });
    expect(tokens.refresh_token).toBeTruthy();
    const refresh = (token: string) =>
      fetch(`${realm()}/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: 'lci-explorer',
        }),
      });
    const first = await refresh(tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    const renewed = (await first.json()) as { access_token: string; refresh_token: string };
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(renewed.access_token).sub).toBe('demo');
  });

  it('refuses a wrong password on the demo login form', async () => {
    await expect(
      signInWithCode({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        password: 'wrong',
      }),
    ).rejects.toThrow(/HTTP 401/);
  });

  it('sends the application access_denied, with its state, when the user cancels', async () => {
    await expect(
      signInWithCode({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        cancel: true,
      }),
    ).rejects.toThrow(
      /sign-in failed: \?error=access_denied&error_description=The\+user\+cancelled.*&state=\w+/,
    );
  });

  it('requires PKCE from the explorer’s public client', async () => {
    const url = new URL(`${realm()}/protocol/openid-connect/auth`);
    url.search = new URLSearchParams({
      client_id: 'lci-explorer',
      response_type: 'code',
      redirect_uri: 'http://spa.test/callback',
      scope: 'openid',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.headers.get('location')).toContain('error=invalid_request');
  });

  it('refuses redirect URIs that are not the explorer’s', async () => {
    const url = new URL(`${realm()}/protocol/openid-connect/auth`);
    url.search = new URLSearchParams({
      client_id: 'lci-explorer',
      response_type: 'code',
      redirect_uri: 'http://evil.example/callback',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('serves no login form when demo login is off', async () => {
    const closed = await startTestEmulator({
      EMULATOR_SCALE: '0.05',
      EMULATOR_DEMO_LOGIN: 'false',
    });
    await expect(
      signInWithCode({ emulatorOrigin: closed.origin, redirectOrigin: 'http://spa.test' }),
    ).rejects.toThrow();
    await closed.close();
  });
});
