import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { UserVerifier } from '../auth/user-auth';
import { acceptsGzip, compressible, gzipMade } from '../cache/compressed';
import type { CachedAnswer, ResponseCache } from '../cache/response-cache';
import { markCountedRefused } from '../limits/counted-before';
import type { Limits } from '../limits/user-limits';
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
}

interface Learned {
  key: string;
  cacheControl: string;
  bytes: number;
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
  }

  /** The targets remembered, and the text they hold. */
  get size() {
    return { targets: this.targets.size, bytes: this.bytes };
  }

  /** A target the full path answered with `answer`, kept and the same for everyone. */
  learn(target: string, answer: CachedAnswer, cacheControl: string) {
    if (answer.key === undefined || this.targets.has(target)) return;
    const bytes = 2 * (target.length + answer.key.length);
    this.targets.set(target, { key: answer.key, cacheControl, bytes });
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
    if (!user || !answer || body === undefined) {
      next(req, res);
      return;
    }
    const started = performance.now();
    deps.limits.take(user.userId).then(
      (rate) => {
        this.replayed++;
        const requestId = randomUUID();
        const status = this.send(res, requestId, answer, learned.cacheControl, gzip, body, rate);
        if (LOGGED_LEVELS.has(deps.log.level))
          logCompleted(deps.log, req, requestId, status, started);
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
    rate: Record<string, string>,
  ): number {
    if (answer.absent !== undefined) {
      // "Not in this release" is never a 200: the same 404 the full path sends.
      const problem = JSON.stringify(notFound(answer, answer.absent).toProblem(requestId));
      res.writeHead(404, {
        ...rate,
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
      ...rate,
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
  requestId: string,
  statusCode: number,
  started: number,
) {
  log.info(
    {
      reqId: requestId,
      req: {
        method: req.method,
        url: req.url,
        headers: {},
        host: req.headers.host,
        ip: req.socket.remoteAddress,
        socket: req.socket,
      },
      // As received: the full path's line names the client a trusted load balancer forwarded.
      ...(req.headers['x-forwarded-for'] ? { forwardedFor: req.headers['x-forwarded-for'] } : {}),
      res: { statusCode },
      responseTime: performance.now() - started,
      replayed: true,
    },
    'request completed',
  );
}
