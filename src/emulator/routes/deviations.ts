import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  capTotal,
  formulaNames,
  missScore,
  NAN_PLACEHOLDER,
  nullKeys,
  renameKeys,
  renameScores,
  type Faults,
} from '../faults';
import type { EmulatorState } from '../state';

/*
 * How the API's hooks play the deviation knobs (faults.ts): each changes what a client meets,
 * never the data behind it. app.ts wires them in the order a request meets them: a redirect,
 * a gateway, the bearer check, a slow or failing or busy service, then the answer as sent.
 */

/** Where a GET is redirected by the `redirect` fault, or undefined. */
export function redirectOf(
  redirect: Faults['redirect'],
  method: string,
  url: string,
): string | undefined {
  if (redirect === 'none' || method !== 'GET') return undefined;
  const [path = '', search] = url.split('?');
  if (redirect === 'other-origin') return `http://127.0.0.1:9${url}`;
  return path.endsWith('/') ? undefined : `${path}/${search === undefined ? '' : `?${search}`}`;
}

/** Whether a request asks for no scores: it is free, and a burst of 429 may meet it. */
export function isFree(query: unknown, body: unknown): boolean {
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
export function overLimit(faults: Faults, query: Record<string, unknown>, reply: FastifyReply) {
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
export function deviate(faults: Faults, body: string): string {
  const {
    rename_field: rename,
    null_field: nulled,
    omit_total: omit,
    score_shape: scores,
    total_cap: cap,
    missing_score: missing,
    formula_names: formulas,
  } = faults;
  if (
    !rename &&
    !nulled &&
    !omit &&
    !formulas &&
    scores === 'documented' &&
    cap === null &&
    !missing
  )
    return body;
  let value: unknown = JSON.parse(body);
  if (formulas) value = formulaNames(value);
  if (missing) value = missScore(value, missing);
  if (rename) value = renameKeys(value, rename.from, rename.to);
  if (nulled) value = nullKeys(value, nulled);
  if (scores === 'renamed') value = renameScores(value);
  if (cap !== null) value = capTotal(value, cap);
  if (omit && typeof value === 'object' && value !== null && !Array.isArray(value))
    value = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'total'));
  const text = JSON.stringify(value);
  // What Python's json module writes for a float it cannot represent: not JSON.
  return missing?.as === 'nan' ? text.replaceAll(`"${NAN_PLACEHOLDER}"`, 'NaN') : text;
}

/** An error page as a gateway in front of an API sends it. */
export function htmlError(status: number): string {
  return `<html>\n<head><title>${status} Error</title></head>\n<body>\n<center><h1>${status} Error</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
}

/**
 * The `gateway_refusal` fault: a gateway in front of the API that refuses the request in its own
 * words before the API sees it, true when it did. In `token` mode it refuses the first token it
 * sees (and that token from then on), before the `expires_in` the token endpoint stated.
 */
export async function gatewayRefuses(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const mode = state.faults.gateway_refusal;
  if (mode === 'none') return false;
  if (mode === 'token') {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await state.serviceTokens.verify(token) : null;
    if (!claims) return false;
    state.gateway.refused ??= claims.jti;
    if (claims.jti !== state.gateway.refused) return false;
  }
  void reply.code(403).send({ message: 'Forbidden' });
  return true;
}

/** An answer's bytes encoded as the `content_encoding` fault says, whatever was asked. */
export function encode(encoding: Faults['content_encoding'], body: string | Buffer): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'deflate') return deflateSync(bytes);
  if (encoding === 'br') return brotliCompressSync(bytes);
  // `compress` (LZW) is labelled, not made: no client decodes it any more, which is the point.
  return gzipSync(bytes);
}
