import { z } from 'zod';
import { ProxyError } from '../errors';
import type { ProxyConfig } from '../config';
import type { TokenGrant } from './token-cache';

/** A token answer's fields as RFC 6749 §5.1 has them, read leniently where providers differ. */
const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  // Some providers send the number as a string ("3599").
  expires_in: z
    .union([
      z.number().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .optional(),
});

/** The lifetime assumed when the answer states none: short, so a wrong guess costs one fetch. */
const ASSUMED_LIFETIME_S = 60;

const CONFIG_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

const unavailable = (detail: string) => new ProxyError(503, 'idp_unavailable', { detail });

/**
 * The client-credentials grant against the data service's Keycloak realm, read as RFC 6749
 * §5.1 with the leniency real providers need: `token_type` missing or in another case is taken
 * as bearer, `expires_in` missing as 60 s, each assumed and reported (`warn`, and the grant's
 * `assumed` for `npm run check:upstream`). A token of another type, or an answer without
 * `access_token`, is refused naming the field, never its value.
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
    const fields =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? Object.keys(body).sort()
        : [];
    const parsed = TokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      if (fields.length === 0)
        throw unavailable(
          'The data service’s identity provider sent a token answer that is not a JSON object.',
        );
      const field = String(parsed.error.issues[0]?.path[0] ?? 'access_token');
      throw new ProxyError(502, 'upstream_auth_config', {
        detail: `The token endpoint's answer cannot be used: ${field} is ${field in (body as object) ? 'not what RFC 6749 §5.1 says' : 'absent'} (the answer had ${fields.join(', ')}).`,
        hint: 'Check DATA_API_TOKEN_URL; npm run check:upstream prints the fields the token answer had',
      });
    }
    const assumed: string[] = [];
    const type = parsed.data.token_type;
    if (type === undefined) assumed.push('token_type absent: bearer assumed');
    else if (type.toLowerCase() !== 'bearer') {
      throw new ProxyError(502, 'upstream_auth_config', {
        detail: `The token endpoint issued a token of type “${type.slice(0, 40)}”; the data service is called with bearer tokens only (RFC 6750).`,
        hint: 'Check DATA_API_TOKEN_URL and the client’s settings at the identity provider',
      });
    } else if (type !== 'Bearer') assumed.push(`token_type “${type}”: read as Bearer`);
    if (typeof (body as { expires_in?: unknown }).expires_in === 'string')
      assumed.push('expires_in sent as text: read as a number');
    if (parsed.data.expires_in === undefined)
      assumed.push(`expires_in absent: the token is renewed after ${ASSUMED_LIFETIME_S} s`);
    for (const note of assumed) deps.warn(`token answer: ${note}`);
    return {
      accessToken: parsed.data.access_token,
      expiresInSeconds: parsed.data.expires_in ?? ASSUMED_LIFETIME_S,
      fields,
      assumed,
    };
  };
}
