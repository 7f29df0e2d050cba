import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import type { EmulatorConfig } from './config';
import { DataStore } from './data/store';
import { defaultFaults, FaultDice, renameKeys, type Faults } from './faults';
import { createServiceTokenIssuer } from './identity/service-tokens';
import { registerTokenEndpoint, SERVICE_REALM_PATH } from './identity/token-endpoint';
import { createUserRealm, mountUserRealm } from './identity/user-realm';
import { parseLicence } from './licence';
import { Ledger } from './metering';
import { registerAdmin } from './routes/admin';
import { requireServiceToken } from './routes/api-auth';
import { registerChangeReports } from './routes/change-reports';
import { registerDatasets } from './routes/datasets';
import { registerDocumentation } from './routes/documentation';
import { registerIndicators } from './routes/indicators';
import { registerReports } from './routes/reports';
import { DetailError, ValidationFailure } from './routes/validation';
import { registerVersions } from './routes/versions';
import type { EmulatorState } from './state';

/** Both prefixes the real service has been seen on; they behave identically here. */
export const API_PREFIXES = ['/v0', '/v3/api1'] as const;

export interface EmulatorDeps {
  config: EmulatorConfig;
  now?: () => number;
  logger?: boolean;
  /** Generated data, shared between emulators in one test run (it is immutable). */
  store?: DataStore;
}

export interface Emulator {
  app: FastifyInstance;
  state: EmulatorState;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the data-service emulator; the caller decides whether to listen or `inject`. */
export async function buildEmulator(deps: EmulatorDeps): Promise<Emulator> {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const initialFaults = (): Faults => ({
    ...defaultFaults(config.serviceTokenTtlSeconds),
    ...config.faults,
  });
  const faults = initialFaults();
  const serviceTokens = await createServiceTokenIssuer({
    issuer: `${config.publicOrigin}${SERVICE_REALM_PATH}`,
    ttlSeconds: () => faults.token_ttl_seconds,
    now,
  });
  const state: EmulatorState = {
    config,
    licence: parseLicence(config.licence),
    serviceTokens,
    stats: { token_requests: 0, api_requests: 0 },
    now,
    store: deps.store ?? DataStore.forScale(config.scale),
    ledger: new Ledger(config.metering.mode, config.metering.tier, now),
    faults,
    dice: new FaultDice(),
    reports: [],
  };

  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 2 * 1024 * 1024 });
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
  registerAdmin(app, state, initialFaults);
  registerDocumentation(app, state);
  registerChangeReports(app, state);

  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        // Bodies are read as text and parsed by the routes, so a bad one is a 422 as in FastAPI.
        api.removeAllContentTypeParsers();
        api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
          done(null, body),
        );
        api.setErrorHandler((error, _request, reply) => {
          if (error instanceof ValidationFailure)
            return reply.code(422).send({ detail: error.items });
          if (error instanceof DetailError)
            return reply.code(error.status).send({ detail: error.detail });
          if ((error as { statusCode?: number }).statusCode === 413)
            return reply.code(413).send({ detail: 'Request Entity Too Large' });
          return reply.code(500).send({ detail: 'Internal Server Error' });
        });
        api.addHook('onRequest', async () => {
          state.stats.api_requests++;
        });
        api.addHook('onRequest', requireServiceToken(state));
        api.addHook('preHandler', async (_request, reply) => {
          if (state.faults.latency_ms > 0) await sleep(state.faults.latency_ms);
          if (state.dice.roll('error', state.faults.error_rate)) {
            return reply.code(500).send({ detail: 'Internal Server Error' });
          }
          if (state.dice.roll('rate-limit', state.faults.rate_limit_rate)) {
            return reply
              .code(429)
              .header('retry-after', String(state.faults.retry_after_seconds))
              .send({ detail: 'Too Many Requests' });
          }
          return undefined;
        });
        api.addHook('onSend', async (_request, reply, payload) => {
          let body = payload;
          const rename = state.faults.rename_field;
          if (rename && typeof body === 'string' && reply.statusCode < 300) {
            body = JSON.stringify(renameKeys(JSON.parse(body), rename.from, rename.to));
          }
          if (
            state.faults.oversize_bytes > 0 &&
            typeof body === 'string' &&
            body.length < state.faults.oversize_bytes
          ) {
            body = body + ' '.repeat(state.faults.oversize_bytes - body.length);
          }
          if (state.faults.slow_body_ms > 0 && typeof body === 'string') {
            reply.removeHeader('content-length');
            const chunks = 10;
            const size = Math.ceil(body.length / chunks);
            const text = body;
            const delay = state.faults.slow_body_ms / chunks;
            return Readable.from(
              (async function* () {
                for (let i = 0; i < text.length; i += size) {
                  await sleep(delay);
                  yield text.slice(i, i + size);
                }
              })(),
            );
          }
          return body;
        });
        registerVersions(api, state);
        registerIndicators(api, state);
        registerDatasets(api, state);
        registerReports(api, state);
      },
      { prefix },
    );
  }
  return { app, state };
}
