import type { FastifyInstance } from 'fastify';
import { EXPLORER_PAGE_HEADER } from '../shared/api/schemas';

// An API answer is JSON, never a document: a browser that rendered one anyway gets no content,
// no sniffing and no framing from its CSP and nosniff. The document headers (opener, framing,
// referrer) only matter for pages, and every header costs every answer, in the proxy and in its
// client (issue 32's bench: a cache hit's CPU). Replays of kept answers send the same.
export const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/**
 * Security headers on every answer (security.md SEC-12): a strict CSP for the SPA whose only
 * other origin is the sign-in service, and no-store on the API unless a route chose otherwise.
 * Built once: each answer gets the same two sets. While the proxy shuts down (`closing`), each
 * answer also closes its connection; one hook does both, as each onSend hook costs every answer.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { idpOrigin?: string; closing?: () => boolean },
) {
  const connect = ["'self'", options.idpOrigin].filter(Boolean).join(' ');
  const pageCsp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes its CSS variables into a <style> element and style props into attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
  const pageHeaders = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': pageCsp,
  };
  const closing = options.closing ?? (() => false);

  // A callback hook, not an async one: it runs on every answer and awaits nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api';
    reply.headers(isApi ? API_HEADERS : pageHeaders).header('x-request-id', request.id);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (closing()) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * No CORS unless configured: then only exact origins from CORS_ORIGINS get
 * Access-Control-Allow-Origin (never `*`, never a reflected origin). A preflight from anywhere
 * else is refused with 403 and nothing is forwarded.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith('/api/')) {
      done();
      return;
    }
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (preflight) {
        void reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header(
            'access-control-allow-headers',
            `authorization, content-type, if-none-match, ${EXPLORER_PAGE_HEADER}`,
          )
          .header('access-control-max-age', '600')
          .send();
        return;
      }
    } else if (preflight) {
      void reply.code(403).type('application/problem+json').send({
        type: 'about:blank#forbidden',
        title: 'Forbidden',
        status: 403,
        code: 'forbidden',
        detail: 'Cross-origin requests are not allowed from this origin.',
        requestId: request.id,
      });
      return;
    }
    done();
  });
}
