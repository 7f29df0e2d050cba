import { DEMO_SIGN_IN } from '../../shared/config';
import { USER_REALM_PATH } from '../identity/user-realm';
import { Jar } from './sign-in-flow';

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const actionOf = (html: string) => /action="([^"]+)"/.exec(html)?.[1]?.replace(/&#47;/g, '/');

/**
 * Approves (or refuses) a program's sign-in the way a person does in a browser, without one:
 * the code typed on the realm's device page, the program confirmed, the demo login form filled.
 * Returns the last page's text, which says how it ended.
 */
export async function approveDevice(options: {
  emulatorOrigin: string;
  userCode: string;
  username?: string;
  refuse?: boolean;
}): Promise<string> {
  const jar = new Jar();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    jar.store(response);
    return response;
  };
  const at = (path: string) => new URL(path, options.emulatorOrigin).href;

  let page = await (await send(at(`${USER_REALM_PATH}/device`))).text();
  const action = actionOf(page);
  if (!action) throw new Error('no code form on the device page');
  page = await (
    await send(at(action), { xsrf: hidden(page, 'xsrf') ?? '', user_code: options.userCode })
  ).text();
  if (!page.includes('op.deviceConfirmForm')) return page;
  const confirm = {
    xsrf: hidden(page, 'xsrf') ?? '',
    user_code: hidden(page, 'user_code') ?? '',
    ...(options.refuse ? { abort: 'yes' } : { confirm: 'yes' }),
  };
  let response = await send(at(action), confirm);
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get('location');
    if (location) {
      response = await send(at(location));
      continue;
    }
    const text = await response.text();
    const login = actionOf(text);
    if (response.status === 200 && login?.includes('/interaction/')) {
      response = await send(at(login), { username: options.username ?? 'demo', password: 'demo' });
      continue;
    }
    return text;
  }
  throw new Error('the device sign-in did not finish within 10 steps');
}

/**
 * Signs a program in as a demo user by the device authorization grant, approving it as a person
 * would, and returns its tokens: real program tokens from the realm, for tests.
 */
export async function signInProgram(options: { emulatorOrigin: string; username?: string }) {
  const realm = `${options.emulatorOrigin}${USER_REALM_PATH}`;
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${realm}${path}`, { method: 'POST', body: new URLSearchParams(form) });
  const start = (await (
    await post('/protocol/openid-connect/auth/device', {
      client_id: DEMO_SIGN_IN.programClientId,
      scope: 'openid profile offline_access',
    })
  ).json()) as { device_code: string; user_code: string };
  await approveDevice({ ...options, userCode: start.user_code });
  const token = await post('/protocol/openid-connect/token', {
    grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    device_code: start.device_code,
    client_id: DEMO_SIGN_IN.programClientId,
  });
  if (!token.ok) throw new Error(`device sign-in failed: HTTP ${token.status}`);
  return (await token.json()) as { access_token: string; refresh_token?: string };
}
