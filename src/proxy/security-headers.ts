import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (security.md SEC-12): a strict CSP for the SPA whose only
 * other origin is the sign-in service, and no-store on the API unless a route chose otherwise.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { idpOrigin?: string }) {
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
  const apiCsp = "default-src 'none'; frame-ancestors 'none'";

  app.addHook('onSend', async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('x-request-id', request.id);
    reply.header('content-security-policy', isApi ? apiCsp : pageCsp);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
