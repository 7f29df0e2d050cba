import type { Emulator } from '../app';
import { TOKEN_PATH } from '../identity/token-endpoint';

/** Fetches a service token from the emulator's own token endpoint, in-process. */
export async function serviceToken(emulator: Emulator): Promise<string> {
  const { client } = emulator.state.config;
  const response = await emulator.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });
  return response.json<{ access_token: string }>().access_token;
}

/** An API caller bound to one emulator and token: `get('/v0/versions')`, `post(url, body)`. */
export async function apiClient(emulator: Emulator, user = 'test-user') {
  const token = await serviceToken(emulator);
  const headers = { authorization: `Bearer ${token}`, 'x-user-id': user };
  return {
    get: (url: string) => emulator.app.inject({ method: 'GET', url, headers }),
    post: (url: string, body: unknown) =>
      emulator.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}
