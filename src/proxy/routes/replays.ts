import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { UserVerifier } from '../auth/user-auth';
import { acceptsGzip, compressible, gzipMade } from '../cache/compressed';
import type { CachedAnswer, ResponseCache } from '../cache/response-cache';
import { markCountedRefused } from '../limits/counted-before';
import type { Limits } from '../limits/user-limits';
import type { ReleaseRef } from '../upstream/adapter';
import { API_HEADERS } from '../security-headers';
import { CACHE_CONTROL, notFound, prepared } from './kept-answers';

/**
 * Request targets remembered for replay, each a URL and a cache key: at most this many, and at
 * most this much of their text (a target may be up to 4 096 characters long).
 */
const MAX_TARGETS = 20_000;
const MAX_TARGET_BYTES = 8 * 1024 * 1024;

/** The levels at which the full path writes its line per answered request. */
const LOGGED_LEVELS = new Set(['trace', 'debug', 'info']);

export interface ReplayDeps {
  cache: ResponseCache;
  verifier: UserVerifier;
  limits: Limits;
  log: FastifyBaseLogger;
  /** While the proxy shuts down every request takes the full path (it closes connections). */
  closing: () => boolean;
  /** CORS is configured: a request with an Origin takes the full path, which answers CORS. */
  cors: boolean;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client in the log, as Fastify reads it. */
  trustedProxies: readonly string[];
  /**
   * Whether the licence's list, read within its time in the cache, lists the release, or none
   * was read yet (`Catalog.listedWithin`); past its time the full path reads it and decides.
   */
  listed: (release: ReleaseRef) => boolean;
}

interface Learned {
  key: string;
  cacheControl: string;
  bytes: number;
  release: ReleaseRef;
}

/**
 * Cache hits answered before Fastify (issue 32's bench: Fastify's routing, hooks, logger and
 * input parsing were most of a hit's cost). Nothing is decided here: the full path (`api.ts`)
 * learns which request targets it answered with a kept answer that is the same for everyone
 * and that the target alone determines (a named release, no scores), and a replay sends that
 * answer again, byte for byte and with the same headers, while all of this holds:
 *
 * - a GET of exactly that target, with no If-None-Match (a 304 is the full path's);
 * - a token the proxy verified before and that has not expired (`remembered`), for a client
 *   it accepts;
 * - the licence's list, read within its time in the cache, listing the answer's release, or no
 *   list read yet (past its time, the full path reads it and refuses a release it has dropped);
 * - the answer still kept in this process (release answers never change, so a kept one is
 *   current), and its gzip already made if the client takes gzip;
 * - the user's rate counted as on the full path (`limits.take`).
 *
 * Anything else, including every failure and every refusal, goes the full path, so each error
 * has one author. A rate refused here is not counted again there (`countedBefore`).
 */
export class Replays {
  private readonly targets = new Map<string, Learned>();
  /** The text the targets hold: each target and key, two bytes a character at most. */
  private bytes = 0;
  private deps: ReplayDeps | undefined;
  /** Requests answered by a replay so far. */
  replayed = 0;

  constructor(private readonly caps = { targets: MAX_TARGETS, bytes: MAX_TARGET_BYTES }) {}

  /** The services replays read; until they are attached, every request takes the full path. */
  attach(deps: ReplayDeps) {
    this.deps = deps;
    const trusted =
      deps.trustedProxies.length > 0 ? proxyAddr.compile([...deps.trustedProxies]) : undefined;
    this.clientAddress = (req) => (trusted ? proxyAddr(req, trusted) : req.socket.remoteAddress);
  }

  /** The client's address as the full path's log line names it (Fastify's `request.ip`). */
  private clientAddress: (req: IncomingMessage) => string | undefined = () => undefined;

  /** The targets remembered, and the text they hold. */
  get size() {
    return { targets: this.targets.size, bytes: this.bytes };
  }

  /** A target the full path answered with `answer` of `release`, kept and the same for everyone. */
  learn(target: string, answer: CachedAnswer, cacheControl: string, release: ReleaseRef) {
    if (answer.key === undefined || this.targets.has(target)) return;
    const bytes = 2 * (target.length + answer.key.length);
    this.targets.set(target, { key: answer.key, cacheControl, bytes, release });
    this.bytes += bytes;
    // The oldest go first (a target forgotten is learned again by its next full answer).
    for (const [oldest, learned] of this.targets) {
      if (this.targets.size <= this.caps.targets && this.bytes <= this.caps.bytes) break;
      this.targets.delete(oldest);
      this.bytes -= learned.bytes;
    }
  }

  /** Answers the request by a replay, or hands it to `next` (the full path). */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    next: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const deps = this.deps;
    const learned = deps && req.method === 'GET' ? this.targets.get(req.url ?? '') : undefined;
    if (
      !deps ||
      !learned ||
      req.headers['if-none-match'] !== undefined ||
      (deps.cors && req.headers.origin !== undefined) ||
      deps.closing()
    ) {
      next(req, res);
      return;
    }
    const user = deps.verifier.remembered(req.headers.authorization);
    const answer = user && deps.cache.get(learned.key);
    const gzip =
      answer !== undefined && compressible(answer) && acceptsGzip(req.headers['accept-encoding']);
    const body =
      answer && (answer.absent !== undefined ? '' : gzip ? gzipMade(answer) : answer.body);
    if (!user || !answer || body === undefined || !deps.listed(learned.release)) {
      next(req, res);
      return;
    }
    const started = performance.now();
    deps.limits.take(user.userId).then(
      (rate) => {
        this.replayed++;
        const requestId = randomUUID();
        // Shutting down since the count was asked: the connection closes with the answer, as
        // the full path's closes it.
        const extra = deps.closing() ? { ...rate, connection: 'close' } : rate;
        const status = this.send(res, requestId, answer, learned.cacheControl, gzip, body, extra);
        if (LOGGED_LEVELS.has(deps.log.level))
          logCompleted(deps.log, req, this.clientAddress(req), requestId, status, started);
      },
      (error: unknown) => {
        markCountedRefused(req, error);
        next(req, res);
      },
    );
  }

  private send(
    res: ServerResponse,
    requestId: string,
    answer: CachedAnswer,
    cacheControl: string,
    gzip: boolean,
    body: string | Buffer,
    extra: Record<string, string>,
  ): number {
    if (answer.absent !== undefined) {
      // "Not in this release" is never a 200: the same 404 the full path sends.
      const problem = JSON.stringify(notFound(answer, answer.absent).toProblem(requestId));
      res.writeHead(404, {
        ...extra,
        'content-type': 'application/problem+json; charset=utf-8',
        ...API_HEADERS,
        'x-request-id': requestId,
        'cache-control': CACHE_CONTROL.none,
        'content-length': Buffer.byteLength(problem),
      });
      res.end(problem);
      return 404;
    }
    res.writeHead(200, {
      ...extra,
      ...prepared(answer, cacheControl, gzip).full,
      ...API_HEADERS,
      'x-request-id': requestId,
      'content-length': typeof body === 'string' ? answer.bytes : body.length,
    });
    res.end(body);
    return 200;
  }
}

/** The full path's one line per answered request (`request-log.ts`), for a replay. */
function logCompleted(
  log: FastifyBaseLogger,
  req: IncomingMessage,
  clientAddress: string | undefined,
  requestId: string,
  statusCode: number,
  started: number,
) {
  log.info(
    {
      reqId: requestId,
      // Read by Fastify's serializer for requests, as a request of the full path is.
      req: {
        method: req.method,
        url: req.url,
        headers: { 'accept-version': req.headers['accept-version'] },
        host: req.headers.host,
        ip: clientAddress,
        socket: req.socket,
      },
      res: { statusCode },
      responseTime: performance.now() - started,
      replayed: true,
    },
    'request completed',
  );
}
