import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorState } from '../state';

/**
 * The data service's bearer check, with FastAPI's bodies: no or malformed header → 401 "Not
 * authenticated"; a token that is not ours or has expired → "Invalid or expired token", 401 in
 * the documented dialect and 403 in the variant.
 */
export function requireServiceToken(state: EmulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match?.[1]) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'Not authenticated' });
    }
    const claims = await state.serviceTokens.verify(match[1]);
    const rejectOnce =
      state.faults.reject_current_token_once && claims?.jti === state.serviceTokens.latestJti();
    if (rejectOnce) state.faults.reject_current_token_once = false;
    if (!claims || rejectOnce) {
      // The variant answers as services whose bearer check says "forbidden", without a challenge.
      if (state.config.dialect === 'variant')
        return reply.code(403).send({ detail: 'Invalid or expired token' });
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ detail: 'Invalid or expired token' });
    }
    return undefined;
  };
}
