import { ProxyError } from '../errors';
import type { ProxyConfig } from '../config';
import {
  classify,
  UpstreamTimeout,
  UpstreamTooLarge,
  UpstreamUnreachable,
  type UpstreamRequest,
  type UpstreamResponse,
} from './http-client';
import { bodyLabels, decodeBody, UndecodableBody } from './encoding';
import { hedged, HedgeBudget, type Attempt } from './hedge';
import { retryAfterMs } from './retry-after';
import type { TokenCache } from './token-cache';
import { apisOwn, readJson, rejectsToken, serviceError, UnchargedFailure } from './adapter/errors';

export interface UpstreamCall {
  method: 'GET' | 'POST';
  /** A path built from an allow-listed template with encoded, validated segments, e.g. `/versions`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  userId: string;
  requestId: string;
  /**
   * A free call, which may be asked again after a 429 or 503. Never set on a call with scores:
   * asked twice, it could be charged twice.
   */
  retry?: boolean;
}

export interface UpstreamAnswer {
  status: number;
  body: unknown;
}

export interface DataApiDeps {
  send: UpstreamRequest;
  tokens: TokenCache;
  maxResponseBytes?: number;
  userAgent?: string;
  /** How long free calls wait out 429 and 503 answers in all (default 8 s). */
  retryBudgetMs?: number;
  /** Tries of a free call in all, the first included (default 4). */
  maxTries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told of each same-origin redirect followed, e.g. to log it. */
  redirected?: (from: string, to: string) => void;
  /** Told of every answer (`npm run check:upstream` keeps them). */
  observe?: (call: UpstreamCall, status: number, body: unknown, log: CallLog) => void;
}

const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const DEFAULT_RETRY_BUDGET_MS = 8_000;
const DEFAULT_MAX_TRIES = 4;
/**
 * The share of its deadline a free read waits for its answer to start before it is asked once
 * more (the first ask going on), and the second asks in flight at once at most.
 */
const FIRST_BYTE_SHARE = 0.5;
const MAX_SECOND_ASKS = 2;
/** The first wait after a 429 or 503 that names none; doubled each time. */
const BACKOFF_MS = 500;

/** What one call met on its way: waits after 429 or 503, a redirect followed, an encoding. */
export interface CallLog {
  waits: { status: number; ms: number }[];
  redirectedTo: string | undefined;
  /** Sends asked once more because the answer had not started within half the deadline. */
  slowFirstBytes: number;
  /** The Content-Encoding the answer came in (decoded), when it had one. */
  encoding: string | undefined;
  /**
   * A refusal of the token the call was first sent with (401, or a 403 about the token or not
   * in the API's own shape), whether the API's own words, and whether a fresh token passed.
   */
  tokenRefused?: { status: number; apisOwn: boolean; freshPassed?: boolean };
}

/**
 * The data service's transport: the prefix, the headers it bills by, the service token (fetched
 * again once when the service rejects it), timeouts and size caps. Every fault becomes a
 * ProxyError with a stable code; what the service's answers mean is the adapter's (adapter/).
 */
export function createDataApi(
  config: ProxyConfig['dataApi'],
  timeoutMs: number,
  deps: DataApiDeps,
) {
  const maxBytes = deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const retryBudgetMs = deps.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS;
  const maxTries = deps.maxTries ?? DEFAULT_MAX_TRIES;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const hedges = new HedgeBudget(MAX_SECOND_ASKS);

  function buildUrl(call: UpstreamCall): URL {
    if (!call.path.startsWith('/') || call.path.startsWith('//')) {
      throw new ProxyError(500, 'internal_error');
    }
    const url = new URL(`${config.origin}${config.basePath}${call.path}`);
    if (call.query) {
      // Sorted (stably: repeated names keep their order), so one call is always one URL.
      const query = new URLSearchParams(call.query);
      query.sort();
      url.search = query.toString();
    }
    // The URL is built from a template, but it is checked again: nothing leaves for another
    // origin or outside the API's base path.
    if (url.origin !== config.origin || !url.pathname.startsWith(`${config.basePath}/`)) {
      throw new ProxyError(500, 'internal_error');
    }
    return url;
  }

  async function send(
    call: UpstreamCall,
    url: URL,
    token: string,
    log: CallLog,
  ): Promise<UpstreamResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': deps.userAgent ?? 'lci-explorer-proxy/0.1',
      'x-request-id': call.requestId,
      'x-user-id': call.userId,
    };
    if (config.organizationId) headers['x-organization-id'] = config.organizationId;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const attempt: Attempt = ({ deadlineMs, signal, started }) =>
      deps.send(url, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        timeoutMs: deadlineMs,
        maxBytes,
        signal,
        onFirstByte: started,
      });
    let response: UpstreamResponse;
    try {
      // A free read is asked once more if its answer has not started within half its deadline;
      // a scored call is sent once, whatever happens (asked twice, it could be charged twice).
      response = call.retry
        ? await hedged(attempt, timeoutMs, Math.round(timeoutMs * FIRST_BYTE_SHARE), hedges, () => {
            log.slowFirstBytes++;
          })
        : await attempt({
            deadlineMs: timeoutMs,
            signal: new AbortController().signal,
            started: () => undefined,
          });
    } catch (error) {
      throw failure(error, log.slowFirstBytes > 0);
    }
    try {
      return await decodeBody(response, maxBytes);
    } catch (error) {
      throw undecodable(error, response);
    }
  }

  /**
   * A body the proxy cannot decode, named by its type and encoding. After an error status the
   * service charged nothing; after a success it may have.
   */
  function undecodable(error: unknown, response: UpstreamResponse): unknown {
    if (!(error instanceof UndecodableBody)) return error;
    const Failure = response.status >= 300 ? UnchargedFailure : ProxyError;
    if (error.why === 'too large')
      return new Failure(502, 'upstream_response_too_large', {
        detail: `The data service’s answer (${bodyLabels(response)}) decodes to more than the proxy accepts.`,
      });
    return new Failure(502, 'upstream_bad_response', {
      detail: `The data service sent a body the proxy cannot decode (${bodyLabels(response)}): ${
        error.why === 'unknown'
          ? 'an encoding the proxy does not know (it decodes gzip, deflate and br)'
          : 'its bytes are not in the encoding it names'
      }.`,
      hint: 'A gateway in front of the service may encode answers on its own; npm run check:upstream shows what each route sends',
      logged: { status: response.status, encoding: error.encoding },
    });
  }

  /** Connection faults become 503/504; anything else is a bug and stays itself (a 500). */
  function failure(error: unknown, askedTwice = false): unknown {
    const cause = classify(error);
    if (!cause) return error;
    if (cause instanceof UpstreamTooLarge) {
      return new ProxyError(502, 'upstream_response_too_large', {
        detail: 'The data service’s answer was larger than the proxy accepts.',
      });
    }
    if (cause instanceof UpstreamTimeout) {
      return new ProxyError(504, 'gateway_timeout', {
        detail: askedTwice
          ? `The data service did not answer within ${timeoutMs / 1000} s, though asked once more when its answer had not started after ${(timeoutMs * FIRST_BYTE_SHARE) / 1000} s.`
          : `The data service did not answer within ${timeoutMs / 1000} s.`,
        logged: { askedTwice },
      });
    }
    // A refused connection never reached the service; a reset one may have.
    const Failure =
      cause instanceof UpstreamUnreachable && cause.neverSent ? UnchargedFailure : ProxyError;
    return new Failure(503, 'upstream_unavailable', {
      detail: 'The data service could not be reached. Try again in a moment.',
      headers: { 'retry-after': '5' },
    });
  }

  /** One send, with a new token once if the service (or a gateway) refused the one it got. */
  async function sendWithToken(call: UpstreamCall, url: URL, log: CallLog) {
    // Without a token nothing leaves, so nothing can have been charged.
    const serviceToken = () =>
      deps.tokens.get().catch((error: unknown) => {
        throw UnchargedFailure.from(error);
      });
    let token = await serviceToken();
    let response = await send(call, url, token, log);
    let body = readJson(response);
    if (rejectsToken(response.status, body)) {
      log.tokenRefused = { status: response.status, apisOwn: apisOwn(body) };
      deps.tokens.invalidate(token);
      token = await serviceToken();
      response = await send(call, url, token, log);
      body = readJson(response);
    }
    if (log.tokenRefused) log.tokenRefused.freshPassed = !rejectsToken(response.status, body);
    return { response, body };
  }

  /**
   * A redirect on a GET to the same origin is followed once (the service token may go there);
   * to any other origin, or on a POST, or a second time, it is refused naming its target.
   */
  function redirectTarget(
    call: UpstreamCall,
    url: URL,
    response: UpstreamResponse,
    followed: boolean,
  ): URL | undefined {
    if (response.status < 300 || response.status >= 400) return undefined;
    const location = response.header('location');
    let target: URL | undefined;
    try {
      target = location ? new URL(location, url) : undefined;
    } catch {
      target = undefined;
    }
    const named = target ? `${target.origin}${target.pathname}` : 'nowhere';
    if (target && target.origin === config.origin && call.method === 'GET' && !followed)
      return target;
    const why = !target
      ? 'without a valid Location'
      : target.origin !== config.origin
        ? `to another origin (${named}), where the service token must not go`
        : followed
          ? `a second time (to ${named})`
          : `on a ${call.method} (to ${named})`;
    throw new UnchargedFailure(502, 'upstream_error', {
      detail: `The data service answered with a redirect ${why}; the proxy does not follow it.`,
      hint: 'Check DATA_API_URL and DATA_API_PREFIX; npm run check:upstream shows where the service points',
      logged: { redirect: named, status: response.status },
    });
  }

  /**
   * The answer whatever its status: after one new token if the service rejected the first,
   * one same-origin redirect followed, and, for a free call, 429 and 503 waited out as the
   * service asks (`Retry-After`, jittered) within a bounded number of tries and time.
   */
  async function raw(
    call: UpstreamCall,
  ): Promise<{ response: UpstreamResponse; body: unknown; log: CallLog }> {
    let url = buildUrl(call);
    const log: CallLog = {
      waits: [],
      redirectedTo: undefined,
      slowFirstBytes: 0,
      encoding: undefined,
    };
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      let { response, body } = await sendWithToken(call, url, log);
      const target = redirectTarget(call, url, response, log.redirectedTo !== undefined);
      if (target) {
        log.redirectedTo = `${target.pathname}${target.search}`;
        deps.redirected?.(url.pathname, target.pathname);
        url = target;
        ({ response, body } = await sendWithToken(call, url, log));
        redirectTarget(call, url, response, true);
      }
      const busy = response.status === 429 || response.status === 503;
      const encoding = response.header('content-encoding');
      if (encoding && encoding.toLowerCase() !== 'identity') log.encoding = encoding;
      const done = () => {
        deps.observe?.(call, response.status, body, log);
        return { response, body, log };
      };
      if (!busy || !call.retry || attempt >= maxTries) return done();
      const asked = retryAfterMs(response.header('retry-after'), Date.now());
      const wait = Math.round((asked ?? BACKOFF_MS * 2 ** (attempt - 1)) * (1 + random() * 0.2));
      if (waited + wait > retryBudgetMs) return done();
      await sleep(wait);
      waited += wait;
      log.waits.push({ status: response.status, ms: wait });
    }
  }

  return {
    raw,
    /** A successful answer's JSON; any other status becomes the proxy's own error. */
    async call(call: UpstreamCall): Promise<UpstreamAnswer> {
      const { response, body, log } = await raw(call);
      if (response.status >= 200 && response.status < 300) return { status: response.status, body };
      throw serviceError(response, body, { retried: log.waits.length, free: call.retry === true });
    },
  };
}

export type DataApi = ReturnType<typeof createDataApi>;
