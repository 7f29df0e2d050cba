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
import { readJson, rejectsToken, serviceError, UnchargedFailure } from './adapter/errors';

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
    if (cause instanceof UpstreamTooLarge) {
      return new ProxyError(502, 'upstream_response_too_large', {
        detail: 'The data service’s answer was larger than the proxy accepts.',
      });
    }
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

  /** The answer whatever its status, after one new token if the service rejected the first. */
  async function raw(call: UpstreamCall): Promise<{ response: UpstreamResponse; body: unknown }> {
    const url = buildUrl(call);
    // Without a token nothing leaves, so nothing can have been charged.
    const serviceToken = () =>
      deps.tokens.get().catch((error: unknown) => {
        throw UnchargedFailure.from(error);
      });
    let token = await serviceToken();
    let response = await send(call, url, token);
    let body = readJson(response);
    if (rejectsToken(response.status, body)) {
      deps.tokens.invalidate(token);
      token = await serviceToken();
      response = await send(call, url, token);
      body = readJson(response);
    }
    return { response, body };
  }

  return {
    raw,
    /** A successful answer's JSON; any other status becomes the proxy's own error. */
    async call(call: UpstreamCall): Promise<UpstreamAnswer> {
      const { response, body } = await raw(call);
      if (response.status >= 200 && response.status < 300) return { status: response.status, body };
      throw serviceError(response, body);
    },
  };
}

export type DataApi = ReturnType<typeof createDataApi>;
