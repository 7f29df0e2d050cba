import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API, type ApiRoute, type RouteName } from '../../shared/api/routes';
import { EXPLORER_PAGE_HEADER, explorerPageOf } from '../../shared/api/schemas';
import { routerPath } from '../../shared/api/url';
import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import { acceptsGzip, compressible, gzipOf, MIN_COMPRESSED_BYTES } from '../cache/compressed';
import type { CachedAnswer } from '../cache/response-cache';
import { ProxyError, sendProblem } from '../errors';
import { ACROSS_RELEASES_ANSWER_BYTES } from '../limits/local-work';
import { CACHE_CONTROL, notFound, prepared } from './kept-answers';
import type { Replays } from './replays';
import { authPlugin, verifiedUser } from '../plugins/auth';
import { publicConfig } from './handlers/config';
import { userHandlers } from './handlers';
import type { Handler, Outcome, Request, UserRouteName } from './handlers/types';
import { isLong, jsonPieces } from './json-pieces';

const MB = 1024 * 1024;

/**
 * The routes whose answers the proxy works out itself from whole releases, and what one is
 * estimated to hold in memory until it is sent (`LocalWork`): an upgrade check its list (the
 * body, parsed, and a result per line, sent in pieces), the others an answer of a few MB.
 * Release reads they start are shared and bounded apart (six at once and six kept, one pool of
 * calls in flight for them all).
 */
const LOCAL_WORK: Partial<Record<RouteName, (body: unknown) => number>> = {
  upgradeCheck: (body) => MB + 512 * ((body as { entries?: unknown[] }).entries?.length ?? 0),
  changes: () => ACROSS_RELEASES_ANSWER_BYTES,
  changesPage: () => ACROSS_RELEASES_ANSWER_BYTES,
  history: () => ACROSS_RELEASES_ANSWER_BYTES,
};
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Bad input: 400 naming each field, and nothing forwarded. */
function parseInput<T>(
  schema: z.core.$ZodType<T>,
  value: unknown,
  where: 'path' | 'query' | 'body',
): T {
  const parsed = z.safeParse(schema, value ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.slice(0, 20).map((issue) => {
    const key =
      issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys'
        ? 'is not a parameter of this route'
        : issue.message.replace(/^Invalid input: /, '');
    return { field: key ? `${where}.${key}` : where, message };
  });
  throw new ProxyError(400, 'validation_failed', {
    detail: `The request's ${where} is not valid: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
    errors,
  });
}

/**
 * Sends a cached answer with its validator; a matching If-None-Match gets 304. An answer worth
 * compressing goes gzipped to a client that accepts it, under a validator of its own.
 */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
) {
  const gzip = compressible(answer) && acceptsGzip(request.headers['accept-encoding']);
  const headers = prepared(answer, cacheControl, gzip);
  if (request.headers['if-none-match'] === headers.validators.etag)
    return reply.headers(headers.validators).code(304).send();
  reply.headers(headers.full);
  return reply.send(gzip ? await gzipOf(answer) : answer.body);
}

const gzipAsync = promisify(gzip);

/**
 * An answer built for one request, gzipped like a cached one for a client that accepts it: an
 * upgrade check of 10 000 lines naming one dataset is 23 MB as it is, a few hundred KB gzipped.
 */
async function sendValue(request: FastifyRequest, reply: FastifyReply, value: unknown) {
  if (isLong(value)) {
    // Made in pieces as gzip (or the socket) takes them: never held as one string.
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    const text = Readable.from(jsonPieces(value));
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(text);
    const gzipped = createGzip();
    pipeline(text, gzipped, () => undefined);
    return reply.header('content-encoding', 'gzip').send(gzipped);
  }
  const text = JSON.stringify(value);
  reply.type('application/json; charset=utf-8');
  if (text.length < MIN_COMPRESSED_BYTES) return reply.send(text);
  reply.header('vary', 'Accept-Encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(await gzipAsync(text));
}

/**
 * The proxy's API, registered from the route table in src/shared/api: each route's parameters
 * and body checked by its schemas before anything is forwarded, a method it lacks answered 405,
 * every route but the public settings under the auth plugin, where the user is always verified.
 */
export async function registerApi(app: FastifyInstance, replays: Replays) {
  const names = Object.keys(API) as RouteName[];

  // A method the route does not have is 405 with Allow, and nothing is forwarded.
  const allowed = new Map<string, string[]>();
  for (const name of names) {
    const { path, method } = API[name];
    allowed.set(path, [...(allowed.get(path) ?? []), method]);
  }
  for (const [path, methods] of allowed) {
    app.route({
      method: METHODS.filter((method) => !methods.includes(method)),
      url: routerPath(path),
      handler: () => {
        throw new ProxyError(405, 'method_not_allowed', {
          detail: `${path} accepts ${methods.join(', ')} only.`,
          headers: { allow: methods.join(', ') },
        });
      },
    });
  }

  /** A route of the table, its input parsed by its schemas before `handle` sees it. */
  function register<K extends RouteName>(
    scope: FastifyInstance,
    name: K,
    handle: (
      input: Pick<Request<K>, 'params' | 'query' | 'body'>,
      request: FastifyRequest,
    ) => Promise<Outcome<K>>,
  ) {
    const route: ApiRoute = API[name];
    scope.route({
      method: route.method,
      url: routerPath(route.path),
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Each route's schemas produce its own input type (src/shared/api/routes.ts).
        const input = {
          params: parseInput(route.params, request.params, 'path'),
          query: parseInput(route.query, request.query, 'query'),
          body: route.body ? parseInput(route.body, request.body, 'body') : undefined,
        } as Pick<Request<K>, 'params' | 'query' | 'body'>;
        // Held until the answer is sent (or the client goes): its memory is held until then.
        const weight = LOCAL_WORK[name];
        const give = weight
          ? app.services.localWork.take(verifiedUser(request).userId, weight(input.body))
          : undefined;
        if (give) {
          reply.raw.once('finish', give);
          reply.raw.once('close', give);
        }
        let outcome: Outcome<K>;
        try {
          outcome = await handle(input, request);
        } catch (error) {
          give?.();
          throw error;
        }
        if ('cached' in outcome) {
          // The same for everyone who may ask, and fixed by the target alone: replayed from now.
          if (outcome.replay && route.method === 'GET')
            replays.learn(
              request.raw.url ?? '',
              outcome.cached,
              CACHE_CONTROL[route.caching],
              outcome.replay,
            );
          // "Not in this release" is kept like an answer, and never leaves as a 200.
          if (outcome.cached.absent !== undefined)
            return sendProblem(request, reply, notFound(outcome.cached, outcome.cached.absent));
          return sendCached(request, reply, outcome.cached, CACHE_CONTROL[route.caching]);
        }
        void reply
          .code(outcome.status ?? 200)
          .headers(outcome.headers ?? {})
          .header('cache-control', CACHE_CONTROL.none);
        return sendValue(request, reply, outcome.value);
      },
    });
  }

  const config = publicConfig(app.env.config);
  register(app, 'config', async () => ({ value: config }));

  await app.register(async (scope) => {
    await scope.register(authPlugin);
    const handlers = userHandlers({
      ...app.services,
      adapter: app.dataService.adapter,
      config: app.env.config,
    });
    const user = (name: UserRouteName) => {
      // Each handler takes its own route's input, which the route's schemas have just produced.
      const handle = handlers[name] as unknown as Handler<UserRouteName>;
      register(scope, name, (input, request) =>
        handle({
          ...input,
          user: verifiedUser(request),
          requestId: request.id,
          page: explorerPageOf(request.headers[EXPLORER_PAGE_HEADER]),
        }),
      );
    };
    for (const name of names) {
      if (name === 'config') continue;
      // The table says which routes need a user; the one public route is registered above.
      if (!API[name].auth)
        throw new Error(`${name} is public in the route table: give it a public handler`);
      user(name);
    }
  });
}
