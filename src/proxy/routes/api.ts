import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicConfig } from '../../shared/config';
import { VersionsResponseSchema } from '../../shared/versions';
import type { z } from 'zod';
import { ProxyError } from '../errors';
import type { ProxyConfig } from '../config';
import type { UserVerifier, VerifiedUser } from '../auth/user-auth';
import type { DataApi } from '../upstream/data-api';

declare module 'fastify' {
  interface FastifyRequest {
    user?: VerifiedUser;
  }
}

export interface ApiDeps {
  config: ProxyConfig;
  verifyUser: UserVerifier;
  dataApi: DataApi;
}

function parseUpstream<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ProxyError(502, 'upstream_bad_response', {
      detail: 'The data service sent an answer in a shape the explorer does not know.',
    });
  }
  return parsed.data;
}

function requireUser(request: FastifyRequest): VerifiedUser {
  if (!request.user) throw new ProxyError(401, 'unauthorized');
  return request.user;
}

/** The proxy's API: public sign-in settings, and allow-listed, authenticated data routes. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps) {
  const { config, verifyUser, dataApi } = deps;

  app.get('/api/config', async (): Promise<PublicConfig> => ({
    auth:
      config.auth.mode === 'oidc'
        ? {
            mode: 'oidc',
            issuer: config.auth.issuer,
            clientId: config.auth.clientId,
            scope: config.auth.scope,
          }
        : { mode: 'none' },
    dataService: { emulated: config.dataApi.emulated },
  }));

  await app.register(async (data) => {
    data.addHook('onRequest', async (request) => {
      request.user = await verifyUser(request.headers.authorization);
    });

    data.get('/api/versions', async (request) => {
      const user = requireUser(request);
      const answer = await dataApi.call({
        method: 'GET',
        path: '/versions',
        userId: user.userId,
        requestId: request.id,
      });
      return parseUpstream(VersionsResponseSchema, answer.body);
    });
  });
}
