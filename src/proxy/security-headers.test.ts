import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

describe('security headers by kind of answer', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerSecurityHeaders(app, { idpOrigin: 'http://idp.test' });
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/3.12/cutoff', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    await app.ready();
  });
  afterAll(() => app.close());

  it('gives a page the document headers: its CSP, nosniff, no referrer, no opener, no framing elsewhere', async () => {
    const page = await app.inject({ url: '/3.12/cutoff' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' http://idp.test");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives a JSON answer only what protects JSON: no content, no framing, no sniffing, not stored', async () => {
    const answer = await app.inject({ url: '/api/thing' });
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toBeTruthy();
    // Document headers do nothing for JSON and cost every answer.
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-frame-options'])
      expect(answer.headers[name], name).toBeUndefined();
  });
});
