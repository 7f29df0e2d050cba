import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_PAGE_LIMIT } from '../shared/api/routes';
import type { ProxyConfig } from './config';
import { ProxyError } from './errors';
import { createUserVerifier } from './auth/user-auth';
import { registerApi } from './routes/api';
import { registerHealth } from './routes/health';
import { registerSpa } from './routes/spa';
import { registerSecurityHeaders } from './security-headers';
import { SampledRequestLog } from './request-log';
import { ResponseCache } from './cache/response-cache';
import { createDataApi } from './upstream/data-api';
import { createUpstreamAdapter } from './upstream/adapter';
import { createUndiciClient, type UpstreamRequest } from './upstream/http-client';
import { UsageLedger } from './usage/ledger';
import { inProcessLedger, type LedgerStore } from './usage/ledger-store';
import { RedisLedger } from './usage/redis-ledger';
import { UserLimits, type Limits } from './limits/user-limits';
import { RedisLimits } from './limits/redis-limits';
import { connectRedis, type SharedStore } from './redis/connection';
import { RedisAnswers } from './cache/shared-answers';
import { RedisReads } from './release-data/shared-reads';
import { registerOpenApi } from './routes/openapi';
import { registerCors } from './security-headers';
import { TokenCache } from './upstream/token-cache';
import { createTokenClient } from './upstream/token-client';
import { loadChangeReports } from './change-reports/load-reports';

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
  const fetchImpl = deps.fetch ?? fetch;
  const clientMs = config.timeouts.clientMs;
  // Sends of one call at most: a page of 100 asked in pages of the service's size, one after
  // the other, and one more after a 401.
  const sends = Math.ceil(MAX_PAGE_LIMIT / config.dataApi.pageSize) + 1;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
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

  const tokens = new TokenCache({
    fetchToken: createTokenClient(config.dataApi, config.timeouts.tokenMs, {
      fetch: fetchImpl,
      warn: (message) => app.log.warn(message),
    }),
    ...(deps.now ? { now: deps.now } : {}),
  });
  let send = deps.upstream;
  if (!send) {
    const client = createUndiciClient();
    send = client.send;
    app.addHook('onClose', () => client.close());
  }
  const redirects = new Set<string>();
  const dataApi = createDataApi(config.dataApi, config.timeouts.upstreamMs, {
    send,
    tokens,
    maxResponseBytes: config.upstreamMaxResponseBytes,
    retryBudgetMs: config.timeouts.retryMs,
    redirected: (from, to) => {
      // Once per path: the operator needs to know where the service points, not every call.
      if (redirects.has(from) || redirects.size >= 100) return;
      redirects.add(from);
      app.log.warn({ from, to }, 'the data service redirected a call; followed once (same origin)');
    },
  });
  // Which of the shapes it knows the service sent, per route: logged once, and each change.
  const adapter = createUpstreamAdapter(dataApi, config.dataApi, (route, variant) =>
    app.log.info({ route, variant }, 'the data service’s answer shape'),
  );
  const verifyUser = createUserVerifier(config.auth, {
    fetch: fetchImpl,
    timeoutMs: config.timeouts.tokenMs,
    ...(deps.now ? { now: deps.now } : {}),
  });

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
    void reply
      .code(problem.status)
      .headers(problem.options.headers ?? {})
      .type('application/problem+json')
      .send(problem.toProblem(request.id));
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
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(app, {
    ...(config.auth.mode === 'oidc' ? { idpOrigin: new URL(config.auth.issuer).origin } : {}),
  });
  const now = deps.now ?? Date.now;
  const limitOptions = {
    perMinute: config.limits.perMinute,
    concurrent: config.limits.concurrent,
    queue: config.limits.queue,
    queueMs: config.limits.queueMs,
    freeCallsPerHour: config.limits.freeCallsPerHour,
    now,
  };
  // Requests without a valid token are limited by client address (the socket's, or the one a
  // trusted load balancer names), in each instance: they never reach the data service.
  const addressLimits = new UserLimits({
    perMinute: config.limits.unauthPerMinute,
    concurrent: 1,
    now,
    policy: 'per-address',
  });
  const { upstreamMs, tokenMs } = config.timeouts;
  // The longest a scored call can run: each of its sends, one more after a 401, two token waits.
  const callDeadlineMs = sends * upstreamMs + 2 * tokenMs + 5_000;

  let shared: SharedStore | undefined;
  let cache: ResponseCache;
  let ledger: LedgerStore;
  let limits: Limits;
  if (config.redisUrl) {
    // Several instances: answers, ledger and budget, limits and sector indexes live in Redis.
    const store = await connectRedis(config.redisUrl, app.log);
    shared = store;
    cache = new ResponseCache(
      config.cacheMaxBytes,
      now,
      new RedisAnswers(store, config.cacheMaxBytes / 4),
    );
    const redisLedger = new RedisLedger(store, {
      budget: config.budget,
      now,
      callDeadlineMs,
      log: app.log,
      witnessPath: config.usageWitnessPath,
      durability: config.redisDurability,
    });
    await redisLedger.start();
    ledger = redisLedger;
    limits = new RedisLimits(store, { ...limitOptions, slotMs: callDeadlineMs });
    app.addHook('onClose', async () => {
      await ledger.close();
      await store.close();
    });
  } else {
    cache = new ResponseCache(config.cacheMaxBytes, now);
    const fileLedger = new UsageLedger({
      file: config.usageLedgerPath,
      budget: config.budget,
      now,
      log: app.log,
    });
    const { tornTail, unreadable, salvaged } = fileLedger.opened;
    if (tornTail > 0 || unreadable > 0) {
      app.log.warn(
        { ledger: config.usageLedgerPath, tornTail, unreadable, salvaged },
        'the usage ledger file had lines torn by a crash mid-write: their calls never went out; a torn last line was ended before anything was appended',
      );
    }
    if (fileLedger.recovered.calls > 0) {
      app.log.warn(
        { recovered: fileLedger.recovered },
        'scored calls left unsettled by the last run are counted as charged in full',
      );
    }
    ledger = inProcessLedger(fileLedger);
    limits = new UserLimits(limitOptions);
    app.addHook('onClose', async () => ledger.close());
  }

  const changeReports = await loadChangeReports(config.changeReportsDir);
  if (changeReports.dir !== null)
    app.log.info(
      { dir: changeReports.dir, reports: changeReports.pairs.length },
      'change reports loaded: verdicts across releases follow them where they name a dataset',
    );
  else
    app.log.info(
      'no CHANGE_REPORTS_DIR: changes across releases are inferred from documentation only',
    );
  const scored = ledger;
  registerHealth(app, { dataApi, now, variants: adapter.variants, ledger: () => scored.health() });
  registerCors(app, config.corsOrigins);
  registerOpenApi(app);
  await registerApi(app, {
    config,
    verifyUser,
    adapter,
    cache,
    ledger,
    limits,
    addressLimits,
    sharedReads: shared ? new RedisReads(shared) : undefined,
    changeReports,
  });
  await registerSpa(app, config.staticDir);
  return { app, tokens, cache, ledger, shared };
}
