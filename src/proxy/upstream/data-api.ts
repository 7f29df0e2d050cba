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
import type { TokenCache } from './token-cache';

export interface UpstreamCall {
  method: 'GET' | 'POST';
  /** A path built from an allow-listed template with encoded, validated segments, e.g. `/versions`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  userId: string;
  requestId: string;
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
}

const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * A failure after which the data service certainly charged nothing: the call never left (no
 * token, connection refused) or the service answered it with an error status. Any other failure
 * of a scored call may come after the service billed it (a timeout, an answer the proxy refuses).
 */
export class UnchargedFailure extends ProxyError {
  static from(error: unknown): unknown {
    return error instanceof ProxyError && !(error instanceof UnchargedFailure)
      ? new UnchargedFailure(error.status, error.code, error.options)
      : error;
  }
}

/**
 * The one adapter to the data service: it knows the prefix, the headers the service bills by,
 * and turns every upstream fault into a ProxyError with a stable code. Upstream bodies of
 * errors are never passed on; only the field list of a 422 is, rewritten.
 */
export function createDataApi(
  config: ProxyConfig['dataApi'],
  timeoutMs: number,
  deps: DataApiDeps,
) {
  const maxBytes = deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  function buildUrl(call: UpstreamCall): URL {
    if (!call.path.startsWith('/') || call.path.startsWith('//')) {
      throw new ProxyError(500, 'internal_error');
    }
    const url = new URL(`${config.origin}${config.basePath}${call.path}`);
    if (call.query) url.search = call.query.toString();
    // The URL is built from a template, but it is checked again: nothing leaves for another
    // origin or outside the API's base path.
    if (url.origin !== config.origin || !url.pathname.startsWith(`${config.basePath}/`)) {
      throw new ProxyError(500, 'internal_error');
    }
    return url;
  }

  async function send(call: UpstreamCall, url: URL, token: string): Promise<UpstreamResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': deps.userAgent ?? 'lci-explorer-proxy/0.1',
      'x-request-id': call.requestId,
      'x-user-id': call.userId,
    };
    if (config.organizationId) headers['x-organization-id'] = config.organizationId;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await deps.send(url, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        timeoutMs,
        maxBytes,
      });
    } catch (error) {
      throw failure(error);
    }
  }

  /** Connection faults become 503/504; anything else is a bug and stays itself (a 500). */
  function failure(error: unknown): unknown {
    const cause = classify(error);
    if (!cause) return error;
    if (cause instanceof UpstreamTooLarge) return tooLarge();
    if (cause instanceof UpstreamTimeout) {
      return new ProxyError(504, 'gateway_timeout', {
        detail: `The data service did not answer within ${timeoutMs / 1000} s.`,
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

  return {
    async call(call: UpstreamCall): Promise<UpstreamAnswer> {
      const url = buildUrl(call);
      // Without a token nothing leaves, so nothing can have been charged.
      const serviceToken = () =>
        deps.tokens.get().catch((error: unknown) => {
          throw UnchargedFailure.from(error);
        });
      let token = await serviceToken();
      let response = await send(call, url, token);
      if (response.status === 401) {
        deps.tokens.invalidate(token);
        token = await serviceToken();
        response = await send(call, url, token);
        if (response.status === 401) {
          throw new UnchargedFailure(502, 'upstream_rejected_credentials', {
            detail: 'The data service rejected the proxy’s credentials twice.',
            hint: 'Check that DATA_API_CLIENT_ID belongs to a client with access to the data API',
          });
        }
      }
      return { status: response.status, body: toAnswerOrThrow(response, readJson(response)) };
    },
  };
}

export type DataApi = ReturnType<typeof createDataApi>;

function readJson(response: UpstreamResponse): unknown {
  if (response.status >= 300 && response.status < 400) {
    throw new UnchargedFailure(502, 'upstream_error', {
      detail: 'The data service answered with a redirect, which the proxy does not follow.',
    });
  }
  const text = response.body.toString('utf8');
  try {
    return text.length === 0 ? undefined : (JSON.parse(text) as unknown);
  } catch {
    if (response.status >= 200 && response.status < 300) {
      throw new ProxyError(502, 'upstream_bad_response', {
        detail: 'The data service sent an answer that is not JSON.',
      });
    }
    return undefined;
  }
}

const tooLarge = () =>
  new ProxyError(502, 'upstream_response_too_large', {
    detail: 'The data service’s answer was larger than the proxy accepts.',
  });

interface FastApiValidationItem {
  loc?: unknown[];
  msg?: unknown;
}

function toAnswerOrThrow(response: UpstreamResponse, body: unknown): unknown {
  const status = response.status;
  if (status >= 200 && status < 300) return body;
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  switch (status) {
    case 403:
      throw new UnchargedFailure(403, 'not_licensed', {
        detail: 'Your organisation’s licence does not cover this request.',
      });
    case 404:
      throw new UnchargedFailure(404, 'not_found', {
        detail: 'The data service has no such resource in this release.',
      });
    case 422: {
      const items = Array.isArray(detail) ? (detail as FastApiValidationItem[]) : [];
      throw new UnchargedFailure(422, 'validation_failed', {
        detail: 'The data service refused the request’s parameters.',
        errors: items.slice(0, 20).map((item) => ({
          field: (item.loc ?? []).slice(1).map(String).join('.').slice(0, 100) || 'request',
          message: (typeof item.msg === 'string' ? item.msg : 'is invalid').slice(0, 200),
        })),
      });
    }
    case 429: {
      const retryAfter = response.header('retry-after');
      throw new UnchargedFailure(429, 'rate_limited', {
        detail: 'The data service asks for fewer requests; try again shortly.',
        headers: { 'retry-after': retryAfter && /^\d{1,5}$/.test(retryAfter) ? retryAfter : '10' },
      });
    }
    default:
      throw new UnchargedFailure(502, 'upstream_error', {
        detail: `The data service failed to answer (HTTP ${status}).`,
      });
  }
}
