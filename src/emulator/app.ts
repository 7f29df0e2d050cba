import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { EmulatorConfig } from './config';
import { DataStore } from './data/store';
import {
  defaultFaults,
  FaultDice,
  nullKeys,
  formulaNames,
  renameKeys,
  renameScores,
  type Faults,
} from './faults';
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

/** Where a GET is redirected by the `redirect` fault, or undefined. */
function redirectOf(redirect: Faults['redirect'], method: string, url: string): string | undefined {
  if (redirect === 'none' || method !== 'GET') return undefined;
  const [path = '', search] = url.split('?');
  if (redirect === 'other-origin') return `http://127.0.0.1:9${url}`;
  return path.endsWith('/') ? undefined : `${path}/${search === undefined ? '' : `?${search}`}`;
}

/** Whether a request asks for no scores: it is free, and a burst of 429 may meet it. */
function isFree(query: unknown, body: unknown): boolean {
  if (typeof query === 'object' && query !== null && 'indicator_ids' in query) return false;
  if (typeof body !== 'string' || body === '') return true;
  try {
    const ids = (JSON.parse(body) as { indicator_ids?: unknown }).indicator_ids;
    return !Array.isArray(ids) || ids.length === 0;
  } catch {
    return true;
  }
}

/** A `limit` above the `max_limit` fault: refused as FastAPI would, or silently cut. */
function overLimit(faults: Faults, query: Record<string, unknown>, reply: FastifyReply) {
  const raw = query.limit;
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : undefined;
  // Off at 100: each route then keeps its own rule (the documented indicators ignore `limit`).
  if (faults.max_limit >= 100 || limit === undefined || limit <= faults.max_limit) return undefined;
  if (faults.over_limit === 'clamp') {
    query.limit = String(faults.max_limit);
    return undefined;
  }
  return reply.code(422).send({
    detail: [
      {
        type: 'less_than_equal',
        loc: ['query', 'limit'],
        msg: `Input should be less than or equal to ${faults.max_limit}`,
        input: raw,
        ctx: { le: faults.max_limit },
      },
    ],
  });
}

/** A successful answer's JSON as the shape faults change it. */
function deviate(faults: Faults, body: string): string {
  const {
    rename_field: rename,
    null_field: nulled,
    omit_total: omit,
    score_shape: scores,
    formula_names: formulas,
  } = faults;
  if (!rename && !nulled && !omit && !formulas && scores === 'documented') return body;
  let value: unknown = JSON.parse(body);
  if (formulas) value = formulaNames(value);
  if (rename) value = renameKeys(value, rename.from, rename.to);
  if (nulled) value = nullKeys(value, nulled);
  if (scores === 'renamed') value = renameScores(value);
  if (omit && typeof value === 'object' && value !== null && !Array.isArray(value))
    value = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'total'));
  return JSON.stringify(value);
}

/** An error page as a gateway in front of an API sends it. */
function htmlError(status: number): string {
  return `<html>\n<head><title>${status} Error</title></head>\n<body>\n<center><h1>${status} Error</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
}

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
        // A router's redirect comes before the bearer check, as FastAPI's redirect_slashes does.
        api.addHook('onRequest', async (request, reply) => {
          const target = redirectOf(state.faults.redirect, request.method, request.url);
          return target ? reply.code(307).header('location', target).send() : undefined;
        });
        api.addHook('onRequest', requireServiceToken(state));
        api.addHook('preHandler', async (request, reply) => {
          if (state.faults.latency_ms > 0) await sleep(state.faults.latency_ms);
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
        api.addHook('onSend', async (_request, reply, payload) => {
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
