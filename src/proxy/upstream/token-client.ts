import { z } from 'zod';
import { ProxyError } from '../errors';
import type { ProxyConfig } from '../config';
import type { TokenGrant } from './token-cache';

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
  expires_in: z.number().positive().optional(),
});

const CONFIG_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

const unavailable = (detail: string) => new ProxyError(503, 'idp_unavailable', { detail });

/**
 * The client-credentials grant against the data service's Keycloak realm. It reads
 * `expires_in` and never assumes a lifetime, except 60 s with a warning when it is missing.
 */
export function createTokenClient(
  config: ProxyConfig['dataApi'],
  timeoutMs: number,
  deps: { fetch: typeof fetch; warn: (message: string) => void },
): () => Promise<TokenGrant> {
  return async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (config.clientAuth === 'basic') {
      const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${encode(config.clientId)}:${encode(config.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', config.clientId);
      form.set('client_secret', config.clientSecret);
    }
    let response: Response;
    try {
      response = await deps.fetch(config.tokenUrl, {
        method: 'POST',
        headers,
        body: form,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw unavailable(
        timedOut
          ? `The data service’s identity provider did not answer within ${timeoutMs} ms.`
          : 'The data service’s identity provider could not be reached.',
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status >= 400 && response.status < 500) {
      const error = (body as { error?: unknown } | undefined)?.error;
      if (typeof error === 'string' && CONFIG_ERRORS.has(error)) {
        throw new ProxyError(502, 'upstream_auth_config', {
          detail: `Token endpoint rejected the proxy's client credentials (${error})`,
          hint: 'Check DATA_API_CLIENT_ID / DATA_API_CLIENT_SECRET',
        });
      }
      throw new ProxyError(502, 'upstream_auth_config', {
        detail: `Token endpoint refused the request (HTTP ${response.status}).`,
        hint: 'Check DATA_API_TOKEN_URL, DATA_API_CLIENT_ID and DATA_API_CLIENT_AUTH',
      });
    }
    if (response.status !== 200) {
      throw unavailable(`The data service’s identity provider answered HTTP ${response.status}.`);
    }
    const parsed = TokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw unavailable(
        'The data service’s identity provider sent a token response that is not usable.',
      );
    }
    if (parsed.data.expires_in === undefined) {
      deps.warn('token response had no expires_in; treating the token as valid for 60 s');
    }
    return {
      accessToken: parsed.data.access_token,
      expiresInSeconds: parsed.data.expires_in ?? 60,
    };
  };
}
