import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveDevice } from '../testing/device-flow';
import { startTestEmulator } from '../testing/start';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
const realm = () => `${emulator.origin}/realms/explorer`;
const PROGRAM = 'lci-explorer-cli';

beforeAll(async () => {
  emulator = await startTestEmulator({ EMULATOR_USER_TOKEN_TTL: '300' });
});
afterAll(() => emulator.close());

interface DeviceStart {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

const post = (path: string, form: Record<string, string>) =>
  fetch(`${realm()}${path}`, { method: 'POST', body: new URLSearchParams(form) });

async function startDevice(clientId = PROGRAM) {
  const response = await post('/protocol/openid-connect/auth/device', {
    client_id: clientId,
    scope: 'openid profile offline_access',
  });
  return { status: response.status, body: (await response.json()) as DeviceStart };
}

const poll = (deviceCode: string) =>
  post('/protocol/openid-connect/token', {
    grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    device_code: deviceCode,
    client_id: PROGRAM,
  });

describe('signing a program in (device authorization grant, RFC 8628)', () => {
  it('publishes the device endpoint and the revocation endpoint at Keycloak’s paths', async () => {
    const discovery = (await (
      await fetch(`${realm()}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      device_authorization_endpoint: `${realm()}/protocol/openid-connect/auth/device`,
      revocation_endpoint: `${realm()}/protocol/openid-connect/revoke`,
    });
    expect(discovery.grant_types_supported).toContain(
      'urn:ietf:params:oauth:grant-type:device_code',
    );
  });

  it('gives the program a token for the proxy once the user approved it in a browser', async () => {
    const { status, body } = await startDevice();
    expect(status).toBe(200);
    expect(body.verification_uri).toBe(`${realm()}/device`);
    expect(body.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    // RFC 8628 §3.2: how long the program waits between polls.
    expect(body.interval).toBe(5);

    const waiting = await poll(body.device_code);
    expect(waiting.status).toBe(400);
    expect(await waiting.json()).toMatchObject({ error: 'authorization_pending' });

    const page = await approveDevice({
      emulatorOrigin: emulator.origin,
      userCode: body.user_code,
      username: 'maria',
    });
    expect(page).toContain('Program signed in');

    const granted = await poll(body.device_code);
    expect(granted.status).toBe(200);
    const tokens = (await granted.json()) as { access_token: string; refresh_token?: string };
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: realm(),
      sub: 'maria',
      aud: 'urn:lci-explorer:proxy',
      client_id: PROGRAM,
    });
    expect(tokens.refresh_token).toBeTruthy();

    // The program keeps itself signed in with its (rotating) refresh token, until it gives it back.
    const refresh = (token: string) =>
      post('/protocol/openid-connect/token', {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: PROGRAM,
      });
    const renewed = await refresh(tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(next.access_token).sub).toBe('maria');
    const revoked = await post('/protocol/openid-connect/revoke', {
      token: next.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: PROGRAM,
    });
    expect(revoked.status).toBe(200);
    expect((await refresh(next.refresh_token)).status).toBe(400);
    // The device code is spent: it cannot be exchanged twice.
    expect(await (await poll(body.device_code)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('tells the program when the user refused', async () => {
    const { body } = await startDevice();
    const page = await approveDevice({
      emulatorOrigin: emulator.origin,
      userCode: body.user_code,
      refuse: true,
    });
    expect(page).toContain('Sign-in refused');
    const answer = await poll(body.device_code);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'access_denied' });
  });

  it('says so when the code typed is not one it issued', async () => {
    const page = await approveDevice({ emulatorOrigin: emulator.origin, userCode: 'BCDF-GHJK' });
    expect(page).toContain('That code is not valid any more, or was never issued.');
  });

  it('keeps the browser’s client to the browser’s grant', async () => {
    const { status, body } = await startDevice('lci-explorer');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('not allowed for this client') as string,
    });
  });

  it('tells a program that polls faster than its interval to slow down, 5 s more each time', async () => {
    const { body } = await startDevice();
    expect(await (await poll(body.device_code)).json()).toMatchObject({
      error: 'authorization_pending',
    });
    const fast = await poll(body.device_code);
    expect(fast.status).toBe(400);
    expect(await fast.json()).toMatchObject({
      error: 'slow_down',
      error_description: expect.stringContaining('at least 10 s') as string,
    });
    expect(await (await poll(body.device_code)).json()).toMatchObject({
      error: 'slow_down',
      error_description: expect.stringContaining('at least 15 s') as string,
    });
    // Approved, the program gets its token on its next poll, however soon.
    await approveDevice({ emulatorOrigin: emulator.origin, userCode: body.user_code });
    expect((await poll(body.device_code)).status).toBe(200);
  });

  it('stops taking codes from an address that typed too many that were never issued', async () => {
    // An emulator of its own: the address is this test's for the next minute.
    const own = await startTestEmulator();
    try {
      const guess = (userCode: string) => approveDevice({ emulatorOrigin: own.origin, userCode });
      for (let i = 0; i < 5; i++)
        expect(await guess(`BCDF-GHJ${'KLMNP'[i] ?? 'K'}`)).toContain('That code is not valid');
      expect(await guess('BCDF-GHJQ')).toContain('Too many codes that were not valid');
      // Even a real code waits now: guessing on cannot find one.
      const started = (await (
        await fetch(`${own.origin}/realms/explorer/protocol/openid-connect/auth/device`, {
          method: 'POST',
          body: new URLSearchParams({ client_id: PROGRAM, scope: 'openid' }),
        })
      ).json()) as DeviceStart;
      expect(await guess(started.user_code)).toContain('Too many codes that were not valid');
    } finally {
      await own.close();
    }
  });
});
