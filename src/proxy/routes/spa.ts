import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ProxyError } from '../errors';

/** Source maps stay on the server: they would publish the SPA's sources (megabytes of them). */
const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/**
 * Serves the built SPA: hashed assets cached for a year and sent as the build compressed them
 * (`.br`, `.gz`) to browsers that take it, `index.html` revalidated every time, and the SPA
 * fallback for any other GET outside `/api` and `/assets`.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexPath = path.join(root, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  const index = built ? readFileSync(indexPath) : undefined;
  const sendIndex = (reply: FastifyReply) => {
    if (!index) {
      throw new ProxyError(503, 'internal_error', {
        detail: 'The explorer has not been built yet: run `npm run build`.',
      });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  };

  // The static plugin would treat `/` as a directory listing; it is the SPA's entry.
  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new ProxyError(404, 'not_found', { detail: `There is no API route ${pathname}.` });
    }
    // A missing asset (an old chunk, a source map) is a 404: a page in its place would reach the
    // browser as a script of the wrong type.
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      pathname.startsWith('/assets/') ||
      isSourceMap(pathname)
    ) {
      throw new ProxyError(404, 'not_found');
    }
    return sendIndex(reply);
  });
}
