import { compressible, gzipEtag } from '../cache/compressed';
import type { CachedAnswer } from '../cache/response-cache';
import { ProxyError } from '../errors';

/**
 * How a kept answer is sent, by the API routes (`api.ts`) and by replays (`replays.ts`) alike:
 * its cache control, its headers built once per way of sending it, and the 404 of an answer
 * kept as "not in this release".
 */
export const CACHE_CONTROL = {
  // A release never changes: its answers can be kept by the browser for good.
  immutable: 'private, max-age=31536000, immutable',
  revalidate: 'private, no-cache',
  none: 'no-store',
} as const;

/** The headers of one way of sending a cached answer: for a 304, and for the answer itself. */
interface Prepared {
  validators: Record<string, string>;
  full: Record<string, string>;
}

/**
 * Each cached answer's headers, built on the first request that sends it one way (as it is or
 * gzipped, under one route's caching) and reused by every later one: a hit does no header work
 * of its own. Held weakly, so they go with the answer.
 */
const preparedHeaders = new WeakMap<CachedAnswer, Map<string, Prepared>>();

export function prepared(answer: CachedAnswer, cacheControl: string, gzip: boolean): Prepared {
  let ways = preparedHeaders.get(answer);
  if (!ways) {
    ways = new Map();
    preparedHeaders.set(answer, ways);
  }
  const way = gzip ? `gzip ${cacheControl}` : cacheControl;
  let headers = ways.get(way);
  if (!headers) {
    const validators = {
      etag: gzip ? gzipEtag(answer.etag) : answer.etag,
      'cache-control': cacheControl,
      vary: compressible(answer) ? 'Authorization, Accept-Encoding' : 'Authorization',
    };
    headers = {
      validators,
      full: {
        ...validators,
        'content-type': 'application/json; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
    };
    ways.set(way, headers);
  }
  return headers;
}

const absentProblems = new WeakMap<CachedAnswer, ProxyError>();

/**
 * The 404 of an answer kept as "not in this release": made once per kept answer and sent, not
 * thrown, since an error's stack and the error path cost each of these answers more than a hit
 * (a fifth of a mix of IDs, issue 32's bench).
 */
export function notFound(answer: CachedAnswer, detail: string): ProxyError {
  let problem = absentProblems.get(answer);
  if (!problem) {
    problem = new ProxyError(404, 'not_found', { detail });
    absentProblems.set(answer, problem);
  }
  return problem;
}
