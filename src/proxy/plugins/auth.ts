import type { FastifyRequest } from 'fastify';
import type { VerifiedUser } from '../auth/user-auth';
import { countedBefore } from '../limits/counted-before';
import { ProxyError } from '../errors';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin's hook, before any route registered under it runs. */
    user?: VerifiedUser;
  }
}

const MAX_QUERY_LENGTH = 4096;

/**
 * The user a route registered under the auth plugin serves: always there, as the plugin's hook
 * refused the request otherwise.
 */
export function verifiedUser(request: FastifyRequest): VerifiedUser {
  if (!request.user) throw new ProxyError(401, 'unauthorized');
  return request.user;
}

/**
 * Auth for the routes registered beside it: a verified user's token (remembered until it
 * expires, `auth/user-auth.ts`) and that user's request rate, before anything else runs.
 * Public routes (settings, health, OpenAPI, the SPA) are registered outside it.
 */
export const authPlugin = unencapsulated('auth', async (app) => {
  const { limits, addressLimits, userVerifier: verifyUser } = app.services;
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw.url ?? '').length > MAX_QUERY_LENGTH) {
      throw new ProxyError(400, 'bad_request', {
        detail: `The request line is longer than ${MAX_QUERY_LENGTH} characters.`,
      });
    }
    try {
      request.user = await verifyUser(request.headers.authorization);
    } catch (error) {
      if (error instanceof ProxyError && error.status === 401) {
        // A token that is expired or not valid is always told so (401): a 429 instead kept the
        // explorer from renewing it. It still counts against its address, whose requests with
        // no token at all get 429 past the limit, which they can be told to wait on.
        const counted = addressLimits.take(request.ip);
        if (request.headers.authorization === undefined) await counted;
        else await counted.catch(() => undefined);
      }
      throw error;
    }
    // A request a replay counted and found over the limit is not counted twice.
    reply.headers(await (countedBefore(request.raw) ?? limits.take(request.user.userId)));
  });
});
