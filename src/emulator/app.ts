import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import type { EmulatorConfig } from './config';
import { DataStore } from './data/store';
import { defaultFaults, FaultDice, type Faults } from './faults';
import { createServiceTokenIssuer } from './identity/service-tokens';
import { registerTokenEndpoint, SERVICE_REALM_PATH } from './identity/token-endpoint';
import { createUserRealm, mountUserRealm } from './identity/user-realm';
import { parseLicence } from './licence';
import { Ledger } from './metering';
import { registerAdmin } from './routes/admin';
import { requireServiceToken } from './routes/api-auth';
import { registerChangeReports } from './routes/change-reports';
import { registerDatasets } from './routes/datasets';
import {
  deviate,
  encode,
  gatewayRefuses,
  htmlError,
  isFree,
  overLimit,
  redirectOf,
} from './routes/deviations';
import { registerDocumentation } from './routes/documentation';
import { registerIndicators } from './routes/indicators';
import { registerReports } from './routes/reports';
import { DetailError, ValidationFailure } from './routes/validation';
import { registerVersions } from './routes/versions';
import type { EmulatorState } from './state';

/** Both prefixes the real service has been seen on; they behave identically here. */
const API_PREFIXES = ['/v0', '/v3/api1'] as const;

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
    gateway: { refused: undefined },
  };

  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // `/v0/versions/` is `/v0/versions`, so the trailing-slash redirect fault has a target.
    routerOptions: { ignoreTrailingSlash: true },
  });
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
        api.setErrorHandler(async (error, _request, reply) => {
          if (error instanceof ValidationFailure)
            return reply.code(422).send({ detail: error.items });
          if (error instanceof DetailError && error.absence) {
            // "No such dataset": looked for everywhere first, then said as the faults say.
            if (state.faults.not_found_ms > 0) await sleep(state.faults.not_found_ms);
            if (state.faults.absent_as !== '404')
              return reply
                .code(200)
                .type('application/json; charset=utf-8')
                .send(state.faults.absent_as === 'null' ? 'null' : '{}');
          }
          if (error instanceof DetailError)
            return reply.code(error.status).send({ detail: error.detail });
          if ((error as { statusCode?: number }).statusCode === 413)
            return reply.code(413).send({ detail: 'Request Entity Too Large' });
          return reply.code(500).send({ detail: 'Internal Server Error' });
        });
        api.addHook('onRequest', async () => {
          state.stats.api_requests++;
        });
        // A router's redirect comes before the bearer check, as FastAPI's redirect_slashes does.
        api.addHook('onRequest', async (request, reply) => {
          const target = redirectOf(state.faults.redirect, request.method, request.url);
          return target ? reply.code(307).header('location', target).send() : undefined;
        });
        // A gateway in front answers before the API's own bearer check.
        api.addHook('onRequest', async (request, reply) => {
          if (await gatewayRefuses(state, request, reply)) return reply;
          return undefined;
        });
        api.addHook('onRequest', requireServiceToken(state));
        // A service answering in `latency_ms`: an answer leaves no sooner than that after its
        // request came (and a slow call's extra wait), the emulator's own work done within it
        // (onSend below), as a service of many workers answers. Waiting first and working after
        // made every answer later by the work and by the queue behind this one process: 240 ms
        // a batch call at 150 ms with 32 in flight, a slower service than the one asked for.
        const answerNotBefore = new WeakMap<object, number>();
        api.addHook('preHandler', async (request, reply) => {
          const slow = state.faults.slow_calls;
          if (
            slow !== null &&
            (slow.match === undefined || request.url.includes(slow.match)) &&
            state.dice.roll('slow', slow.rate)
          )
            await sleep(slow.ms);
          if (state.faults.latency_ms > 0)
            answerNotBefore.set(request, performance.now() + state.faults.latency_ms);
          if (state.dice.roll('error', state.faults.error_rate)) {
            return reply.code(500).send({ detail: 'Internal Server Error' });
          }
          const burst = state.faults.rate_limit_burst;
          const inBurst =
            burst !== null &&
            isFree(request.query, request.body) &&
            (burst.match === undefined || request.url.includes(burst.match));
          if (inBurst) {
            burst.count--;
            if (burst.count <= 0) state.faults.rate_limit_burst = null;
          }
          if (inBurst || state.dice.roll('rate-limit', state.faults.rate_limit_rate)) {
            const wait =
              (inBurst ? burst.retry_after_seconds : undefined) ?? state.faults.retry_after_seconds;
            return reply
              .code(429)
              .header('retry-after', String(wait))
              .send({ detail: 'Too Many Requests' });
          }
          return overLimit(state.faults, request.query as Record<string, unknown>, reply);
        });
        api.addHook('onSend', async (request, reply, payload) => {
          const wait = (answerNotBefore.get(request) ?? 0) - performance.now();
          if (wait > 0) await sleep(wait);
          let body = payload;
          if (typeof body === 'string' && reply.statusCode < 300 && reply.statusCode >= 200)
            body = deviate(state.faults, body);
          if (state.faults.html_errors && reply.statusCode >= 400) {
            reply.header('content-type', 'text/html; charset=utf-8');
            body = htmlError(reply.statusCode);
          }
          if (
            state.faults.oversize_bytes > 0 &&
            typeof body === 'string' &&
            body.length < state.faults.oversize_bytes
          ) {
            body = body + ' '.repeat(state.faults.oversize_bytes - body.length);
          }
          const encoding = state.faults.content_encoding;
          if (encoding !== 'identity' && (typeof body === 'string' || Buffer.isBuffer(body))) {
            body = encode(encoding, body);
            reply.header('content-encoding', encoding);
          }
          if (
            state.faults.slow_body_ms > 0 &&
            (typeof body === 'string' || Buffer.isBuffer(body))
          ) {
            reply.removeHeader('content-length');
            const chunks = 10;
            const bytes = typeof body === 'string' ? Buffer.from(body) : body;
            const size = Math.ceil(bytes.length / chunks);
            const delay = state.faults.slow_body_ms / chunks;
            return Readable.from(
              (async function* () {
                for (let i = 0; i < bytes.length; i += size) {
                  await sleep(delay);
                  yield bytes.subarray(i, i + size);
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
