import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ProxyConfig } from './config';
import { ProxyError, sendProblem } from './errors';
import { appServicesPlugin } from './plugins/app-services';
import { configPlugin } from './plugins/config';
import { dataServicePlugin, sendsPerCall } from './plugins/data-service';
import { sharedStorePlugin } from './plugins/shared-store';
import { registerApi } from './routes/api';
import { registerHealth } from './routes/health';
import { registerOpenApi } from './routes/openapi';
import { Replays } from './routes/replays';
import { registerSpa } from './routes/spa';
import { registerCors, registerSecurityHeaders } from './security-headers';
import { LogSink } from './log-sink';
import { SampledRequestLog } from './request-log';
import type { ResponseCache } from './cache/response-cache';
import type { UpstreamRequest } from './upstream/http-client';
import type { LedgerStore } from './usage/ledger-store';
import type { SharedStore } from './redis/connection';
import type { TokenCache } from './upstream/token-cache';

export interface ProxyDeps {
  config: ProxyConfig;
  fetch?: typeof fetch;
  /** The data path's HTTP client; undici by default. */
  upstream?: UpstreamRequest;
  now?: () => number;
  /** Where logs go (one JSON line per write); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
}

export interface Proxy {
  app: FastifyInstance;
  tokens: TokenCache;
  cache: ResponseCache;
  ledger: LedgerStore;
  /** The store every instance shares, when REDIS_URL is set. */
  shared: SharedStore | undefined;
  /** Cache hits answered before Fastify (`routes/replays.ts`); `app.inject` never takes them. */
  replays: Replays;
}

/** Paths in log objects whose values are credentials, removed before anything is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.client_secret',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.authorization',
];

export async function buildProxy(deps: ProxyDeps): Promise<Proxy> {
  const { config } = deps;
  const clientMs = config.timeouts.clientMs;
  const sends = sendsPerCall(config);
  // Lines go to stdout through a sink that drops them rather than stop the proxy when it
  // cannot be written (a full disk, a file-size limit); tests read them from a stream instead.
  const logSink = deps.logStream ? undefined : new LogSink();
  const replays = new Replays();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: deps.logStream ?? logSink,
    },
    genReqId: () => randomUUID(),
    // One line per request, sampled for floods of requests without a valid token.
    logController: new SampledRequestLog(deps.now ?? Date.now),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the load balancers configured, so a client cannot
    // pick the address its requests without a valid token are limited by.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 100 * 1024,
    // Slow clients (slowloris, a stalled body) are cut off well before Node's defaults of 60 s
    // and 300 s (security.md SEC-08b); Node looks for them every second, not every 30.
    http: {
      headersTimeout: clientMs,
      connectionsCheckingInterval: Math.min(1_000, clientMs),
    },
    requestTimeout: clientMs,
    // An idle socket is closed, but never while the proxy itself waits for the data service:
    // a call may take several sends (pages, once more with a new token after a 401) and waits
    // out a busy service, each within its deadline, so the client gets a 504 rather than a
    // dropped connection.
    connectionTimeout: Math.max(
      30_000,
      sends * config.timeouts.upstreamMs +
        config.timeouts.retryMs +
        config.timeouts.tokenMs +
        clientMs,
    ),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  await app.register(configPlugin, {
    config,
    now: deps.now ?? Date.now,
    fetch: deps.fetch ?? fetch,
  });
  await app.register(sharedStorePlugin);
  await app.register(dataServicePlugin, { upstream: deps.upstream });
  await app.register(appServicesPlugin);

  app.setErrorHandler((error, request, reply) => {
    let problem: ProxyError;
    if (error instanceof ProxyError) {
      problem = error;
    } else {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) {
        problem = new ProxyError(413, 'payload_too_large', {
          detail: 'The request body is too large.',
        });
      } else if (status >= 400 && status < 500) {
        problem = new ProxyError(400, 'bad_request', { detail: 'The request could not be read.' });
      } else {
        request.log.error({ err: error }, 'unhandled error');
        problem = new ProxyError(500, 'internal_error', {
          detail: 'Something went wrong in the proxy. The request ID helps find it in the logs.',
        });
      }
    }
    if (problem.status >= 500) {
      request.log.warn(
        { code: problem.code, status: problem.status, ...problem.options.logged },
        problem.message,
      );
    }
    void sendProblem(request, reply, problem);
  });

  // Reject request targets that are not an origin-form path: `http://evil/…` or `//evil/…`
  // (security.md §4.3). Fastify would route them by their path; the proxy refuses them.
  app.addHook('onRequest', (request, _reply, done) => {
    const target = request.raw.url ?? '';
    if (!target.startsWith('/') || target.startsWith('//')) {
      done(new ProxyError(400, 'bad_request', { detail: 'The request target must be a path.' }));
      return;
    }
    done();
  });

  // Shutting down: requests in flight finish, and their connections close with the answer
  // instead of lingering as idle keep-alive sockets that would hold the process open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  registerSecurityHeaders(app, {
    ...(config.auth.mode === 'oidc' ? { idpOrigin: new URL(config.auth.issuer).origin } : {}),
    closing: () => closing,
  });
  const { dataApi, adapter, tokens } = app.dataService;
  const { ledger, cache, evidence } = app.services;
  registerHealth(app, {
    dataApi,
    now: app.env.now,
    variants: adapter.variants,
    // Scored requests are refused while either their charges or their evidence cannot be kept.
    ledger: () => {
      const counted = ledger.health();
      return counted.ok ? evidence.store.health() : counted;
    },
    log: () => logSink?.health(),
  });
  registerCors(app, config.corsOrigins);
  registerOpenApi(app);
  putInFront(app.server, replays);
  await registerApi(app, replays);
  await registerSpa(app, config.staticDir);
  replays.attach({
    cache,
    verifier: app.services.userVerifier,
    limits: app.services.limits,
    log: app.log,
    closing: () => closing,
    cors: config.corsOrigins.length > 0,
    trustedProxies: config.trustedProxies,
    listed: (release) => app.services.catalog.listedWithin(release),
  });
  return { app, tokens, cache, ledger, shared: app.sharedStore, replays };
}

/**
 * Cache replays in front of Fastify on the server Fastify made (its options, timeouts and
 * shutdown untouched): a request they do not answer goes to Fastify's own handler. The further
 * addresses Fastify binds for a host name (HOST=localhost: ::1 beside 127.0.0.1) get Fastify
 * alone, the full path, as before.
 */
function putInFront(server: Server, replays: Replays) {
  const handlers = server.listeners('request');
  const [fastify] = handlers;
  if (handlers.length !== 1 || typeof fastify !== 'function')
    throw new Error("Fastify's server has no single request handler to put replays in front of");
  server.removeAllListeners('request');
  const next = fastify as (req: IncomingMessage, res: ServerResponse) => void;
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    replays.handle(req, res, next),
  );
}
