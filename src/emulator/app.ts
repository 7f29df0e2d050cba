import Fastify, { type FastifyInstance } from 'fastify';
import type { EmulatorConfig } from './config';
import { createServiceTokenIssuer } from './identity/service-tokens';
import { registerTokenEndpoint, SERVICE_REALM_PATH } from './identity/token-endpoint';
import { createUserRealm, mountUserRealm } from './identity/user-realm';
import { parseLicence } from './licence';
import { registerAdmin } from './routes/admin';
import { requireServiceToken } from './routes/api-auth';
import { registerVersions } from './routes/versions';
import type { EmulatorState } from './state';

/** Both prefixes the real service has been seen on; they behave identically here. */
export const API_PREFIXES = ['/v0', '/v3/api1'] as const;

export interface EmulatorDeps {
  config: EmulatorConfig;
  now?: () => number;
  logger?: boolean;
}

export interface Emulator {
  app: FastifyInstance;
  state: EmulatorState;
}

/** Builds the data-service emulator; the caller decides whether to listen or `inject`. */
export async function buildEmulator(deps: EmulatorDeps): Promise<Emulator> {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const serviceTokens = await createServiceTokenIssuer({
    issuer: `${config.publicOrigin}${SERVICE_REALM_PATH}`,
    ttlSeconds: () => config.serviceTokenTtlSeconds,
    now,
  });
  const state: EmulatorState = {
    config,
    licence: parseLicence(config.licence),
    serviceTokens,
    stats: { token_requests: 0, api_requests: 0 },
    now,
  };

  const app = Fastify({ logger: deps.logger ?? false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));

  registerTokenEndpoint(app, state);
  const userRealm = await createUserRealm({
    publicOrigin: config.publicOrigin,
    spaOrigins: config.spaOrigins,
    accessTokenTtlSeconds: config.userTokenTtlSeconds,
    demoLogin: config.demoLogin,
  });
  mountUserRealm(app, userRealm, config.demoLogin);
  registerAdmin(app, state);

  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        api.addHook('onRequest', async () => {
          state.stats.api_requests++;
        });
        api.addHook('onRequest', requireServiceToken(state));
        registerVersions(api, state);
      },
      { prefix },
    );
  }
  return { app, state };
}
