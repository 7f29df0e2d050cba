import type { FastifyInstance } from 'fastify';
import { ProxyError } from '../errors';
import type { TokenCache } from '../upstream/token-cache';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it can reach the data service). */
export function registerHealth(app: FastifyInstance, deps: { tokens: TokenCache }) {
  app.get('/healthz', async () => ({ status: 'ok' as const }));
  app.get('/readyz', async () => {
    try {
      await deps.tokens.get();
    } catch (error) {
      const cause = error instanceof ProxyError ? error : undefined;
      throw new ProxyError(503, cause?.code ?? 'upstream_unavailable', {
        detail: `Not ready: ${cause?.options.detail ?? 'the data service cannot be reached'}`,
        ...(cause?.options.hint ? { hint: cause.options.hint } : {}),
      });
    }
    return { status: 'ready' as const };
  });
}
