import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorState } from '../state';
import { secretsEqual } from './service-tokens';

export const SERVICE_REALM_PATH = '/realms/ecoinvent';
export const TOKEN_PATH = `${SERVICE_REALM_PATH}/protocol/openid-connect/token`;

/** Keycloak's error bodies, word for word, so clients written against Keycloak behave the same. */
const ERRORS = {
  invalid_client: {
    status: 401,
    body: {
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    },
  },
  missing_grant_type: {
    status: 400,
    body: { error: 'invalid_request', error_description: 'Missing form parameter: grant_type' },
  },
  unsupported_grant_type: {
    status: 400,
    body: { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' },
  },
} as const;

function fail(reply: FastifyReply, error: keyof typeof ERRORS) {
  const { status, body } = ERRORS[error];
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** Client credentials from HTTP Basic (form-urlencoded before base64, RFC 6749 §2.3.1) or the form body. */
function clientCredentials(request: FastifyRequest, form: Record<string, string>) {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return undefined;
    }
  }
  if (form.client_id === undefined) return undefined;
  return { id: form.client_id, secret: form.client_secret ?? '' };
}

export function registerTokenEndpoint(app: FastifyInstance, state: EmulatorState) {
  app.post(TOKEN_PATH, async (request, reply) => {
    state.stats.token_requests++;
    const form = (request.body ?? {}) as Record<string, string>;
    if (typeof request.body !== 'object' || request.body === null) {
      return fail(reply, 'missing_grant_type');
    }
    // Keycloak's order: the grant type must be present before the client is authenticated.
    if (!form.grant_type) return fail(reply, 'missing_grant_type');
    const credentials = clientCredentials(request, form);
    const client = state.config.client;
    if (
      state.faults.invalid_client ||
      !credentials ||
      credentials.id !== client.id ||
      !secretsEqual(credentials.secret, client.secret)
    ) {
      return fail(reply, 'invalid_client');
    }
    if (form.grant_type !== 'client_credentials') return fail(reply, 'unsupported_grant_type');
    const { token, expiresIn } = await state.serviceTokens.issue(credentials.id);
    const answer = reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    // As a third party recorded the live service's answer (upstream-api.md §2.2): no token_type.
    if (state.faults.token_answer === 'recorded')
      return answer.send({ access_token: token, expires_in: expiresIn, scope: 'profile' });
    return answer.send({
      access_token: token,
      expires_in: expiresIn,
      refresh_expires_in: 0,
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope: 'profile',
    });
  });
}
