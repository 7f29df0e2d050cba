import { ProxyError } from '../../errors';
import { bodyLabels } from '../encoding';
import type { UpstreamResponse } from '../http-client';
import { retryAfterMs } from '../retry-after';
import { parseJsonBytes } from './json-bytes';

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

/** The longest piece of the service's own wording passed on to a user. */
const MAX_DETAIL = 300;

/** FastAPI's `{"detail": "…"}` as plain, single-line, length-capped text, or undefined. */
function serviceDetail(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const plain = detail.replace(/[\u0000-\u001f\u007f<>]+/g, ' ').trim();
  if (plain === '') return undefined;
  return plain.length > MAX_DETAIL ? `${plain.slice(0, MAX_DETAIL - 1)}…` : plain;
}

/**
 * What a 403 is about, told apart by its detail: the service's token (some services answer a
 * rejected token with 403, not 401), a usage limit of the licence, or the licence itself.
 */
function forbiddenReason(body: unknown): 'token' | 'usage_limit' | 'licence' {
  const detail = serviceDetail(body) ?? '';
  if (/\b(token|credential|not authenticated|unauthori[sz]ed)/i.test(detail)) return 'token';
  if (/\b(limit|quota|tier|exceed|overage)/i.test(detail)) return 'usage_limit';
  return 'licence';
}

/**
 * Whether an error answer is in the API's own shape (FastAPI's `{"detail": …}`): a gateway, load
 * balancer or web server in front of the API answers in words of its own, or in HTML.
 */
export function apisOwn(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'detail' in body;
}

/**
 * A refusal after which a new token is fetched and the call sent once more: any 401, a 403 the
 * API says is about the token, and a 403 not in the API's own shape (a gateway that refuses a
 * token before its `expires_in`): nothing is said about the licence before a fresh token tried.
 */
export function rejectsToken(status: number, body: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && (!apisOwn(body) || forbiddenReason(body) === 'token');
}

/** What kind of body a non-JSON answer had, in a few words (never its content). */
function kindOf(response: UpstreamResponse): string {
  const type = (response.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html' || /^\s*</.test(response.body.subarray(0, 64).toString('utf8')))
    return 'an HTML page';
  return `a body that is not JSON (${bodyLabels(response)})`;
}

/**
 * Python's json module writes a float it cannot represent as a bare NaN, Infinity or -Infinity,
 * which is not JSON. Outside strings they are read as the strings "NaN", "Infinity" and
 * "-Infinity": where a number was expected, the field list refuses them, except a score,
 * which is then no score.
 */
const PYTHON_FLOATS = /"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)/g;

function parsePythonJson(text: string): unknown {
  return JSON.parse(
    text.replace(PYTHON_FLOATS, (match, bare: string | undefined) =>
      bare === undefined ? match : `"${bare}"`,
    ),
  ) as unknown;
}

/**
 * The answer's JSON, undefined for a redirect or an error without JSON; a success that is not
 * JSON is a 502 naming what it was.
 */
export function readJson(response: UpstreamResponse): unknown {
  if (response.status >= 300 && response.status < 400) return undefined;
  if (response.body.length === 0) return undefined;
  try {
    return parseJsonBytes(response.body);
  } catch {
    const text = response.body.toString('utf8');
    try {
      // Only what JSON.parse refused is looked at again: no cost to a well-formed answer.
      if (/NaN|Infinity/.test(text)) return parsePythonJson(text);
    } catch {
      // Not JSON either way: said below.
    }
    if (response.status >= 200 && response.status < 300) {
      throw new ProxyError(502, 'upstream_bad_response', {
        detail: `The data service sent ${kindOf(response)} where JSON was expected.`,
        hint: 'Check DATA_API_URL and DATA_API_PREFIX; npm run check:upstream shows what each route sends',
      });
    }
    return undefined;
  }
}

/** Whether an error answer carried no JSON (a gateway's or web server's page, not the API's). */
const notTheApis = (response: UpstreamResponse, body: unknown) =>
  body === undefined && response.body.length > 0;

/** The longest wait after a 429 or 503 passed on to a client. */
const MAX_RETRY_AFTER_S = 300;

interface FastApiValidationItem {
  loc?: unknown[];
  msg?: unknown;
}

/**
 * The service's error answer as the proxy's own: its status kept where it means the same to a
 * client, its words passed on only as a capped plain message, its body never.
 */
export function serviceError(
  response: UpstreamResponse,
  body: unknown,
  context: { retried?: number; free?: boolean } = {},
): ProxyError {
  const status = response.status;
  const detail = serviceDetail(body);
  const saying = detail ? ` The data service says: “${detail}”` : '';
  switch (status) {
    case 401:
    case 403:
      if (!apisOwn(body))
        return new UnchargedFailure(502, 'upstream_refused', {
          detail: `Something in front of the data service (a gateway or firewall) refused the request with HTTP ${status} and ${body === undefined ? kindOf(response) : 'a JSON body'} that is not the API’s own answer, again with a fresh token. This says nothing about your organisation’s licence.`,
          hint: 'Check DATA_API_URL and whatever stands between the proxy and the service; npm run check:upstream shows the refusal',
          logged: { upstreamStatus: status },
        });
      if (rejectsToken(status, body)) {
        return new UnchargedFailure(502, 'upstream_rejected_credentials', {
          detail: 'The data service rejected the proxy’s credentials twice.',
          hint: 'Check that DATA_API_CLIENT_ID belongs to a client with access to the data API',
        });
      }
      if (forbiddenReason(body) === 'usage_limit') {
        return new UnchargedFailure(403, 'usage_limit_reached', {
          detail: `The licence’s usage limit for this period is reached; the data service refuses more scores.${saying}`,
          hint: 'Documentation stays free; ask your licence administrator about the limit',
        });
      }
      return new UnchargedFailure(403, 'not_licensed', {
        detail: `The data service says your organisation’s licence does not cover this request.${saying}`,
      });
    case 404:
      // A 404 page that is not the API's JSON says the path is wrong, not that the data is not
      // there: taken for "not in this release", every dataset would seem to be missing.
      if (notTheApis(response, body))
        return new UnchargedFailure(502, 'upstream_error', {
          detail: `The data service answered HTTP 404 with ${kindOf(response)}, not the API's own answer.`,
          hint: 'Check DATA_API_URL and DATA_API_PREFIX; npm run check:upstream shows what each route sends',
        });
      return new UnchargedFailure(404, 'not_found', {
        detail: `The data service has no such resource in this release.${saying}`,
      });
    case 422: {
      const items = Array.isArray((body as { detail?: unknown } | undefined)?.detail)
        ? (body as { detail: FastApiValidationItem[] }).detail
        : [];
      return new UnchargedFailure(422, 'validation_failed', {
        detail: 'The data service refused the request’s parameters.',
        errors: items.slice(0, 20).map((item) => ({
          field: (item.loc ?? []).slice(1).map(String).join('.').slice(0, 100) || 'request',
          message: (typeof item.msg === 'string' ? item.msg : 'is invalid').slice(0, 200),
        })),
      });
    }
    case 429:
    case 503: {
      const asked = retryAfterMs(response.header('retry-after'), Date.now());
      const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil((asked ?? 10_000) / 1000)));
      const tried =
        context.retried && context.retried > 0
          ? ` The proxy waited and asked again ${context.retried} time${context.retried > 1 ? 's' : ''}.`
          : '';
      return new UnchargedFailure(503, 'upstream_busy', {
        detail: `The data service is busy (HTTP ${status}) and asks for fewer requests.${tried} Try again in ${seconds} s.`,
        headers: { 'retry-after': String(seconds) },
        logged: {
          upstreamStatus: status,
          retried: context.retried ?? 0,
          free: context.free ?? false,
        },
      });
    }
    default:
      return new UnchargedFailure(502, 'upstream_error', {
        detail: `The data service failed to answer (HTTP ${status}${notTheApis(response, body) ? `, with ${kindOf(response)}` : ''}).`,
      });
  }
}
