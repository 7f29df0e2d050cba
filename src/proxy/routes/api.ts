import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PublicConfig } from '../../shared/config';
import type { Sectors, Usage } from '../../shared/proxy-api';
import {
  DEFAULT_SYSTEM_MODEL,
  LATEST,
  latestVersion,
  ReleaseSegmentSchema,
  VersionsResponseSchema,
} from '../../shared/versions';
import type { UserVerifier, VerifiedUser } from '../auth/user-auth';
import {
  answerKey,
  toAnswer,
  type ResponseCache,
  type CachedAnswer,
} from '../cache/response-cache';
import type { ProxyConfig } from '../config';
import { ProxyError } from '../errors';
import type { DataApi } from '../upstream/data-api';
import { parseUpstream } from '../upstream/parse-answer';
import type { Limits } from '../limits/user-limits';
import type { LedgerStore } from '../usage/ledger-store';
import type { SharedIndexes } from '../sectors/shared-index';
import { underReservation } from '../usage/charges';
import { createSectorSearch } from '../sectors/sector-search';
import { DATA_ROUTES, type DataRoute } from './data-routes';

declare module 'fastify' {
  interface FastifyRequest {
    user?: VerifiedUser;
  }
}

export interface ApiDeps {
  config: ProxyConfig;
  verifyUser: UserVerifier;
  dataApi: DataApi;
  cache: ResponseCache;
  ledger: LedgerStore;
  limits: Limits;
  /** Requests without a valid token, a minute per socket address. */
  addressLimits: Limits;
  /** Sector indexes shared by every instance (Redis); unset: this instance's own. */
  sharedIndexes?: SharedIndexes | undefined;
}

const VERSIONS_TTL_MS = 5 * 60_000;
const MAX_QUERY_LENGTH = 4096;
/** Parameters of a sector search the proxy answers itself, never sent to the data service. */
const SECTOR_SEARCH_OWN = new Set([
  'sector',
  'isic_section',
  'from',
  'limit',
  'version',
  'system_model',
]);

/** Bad input: 400 naming each field, and nothing forwarded. */
function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'path' | 'query' | 'body'): T {
  const parsed = schema.safeParse(value ?? {});
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

function requireUser(request: FastifyRequest): VerifiedUser {
  if (!request.user) throw new ProxyError(401, 'unauthorized');
  return request.user;
}

/** Sends a cached answer with its validator; a matching If-None-Match gets 304. */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'Authorization');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** The proxy's API: public sign-in settings, and allow-listed, authenticated data routes. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps) {
  const { config, verifyUser, dataApi, cache, ledger, limits, addressLimits } = deps;

  app.get('/api/config', async (): Promise<PublicConfig> => ({
    auth:
      config.auth.mode === 'oidc'
        ? {
            mode: 'oidc',
            issuer: config.auth.issuer,
            clientId: config.auth.clientId,
            scope: config.auth.scope,
          }
        : { mode: 'none' },
    dataService: { emulated: config.dataApi.emulated },
  }));

  // A method the route does not have is 405 with Allow, and nothing is forwarded.
  const allowed = new Map<string, string[]>();
  for (const route of [
    ...DATA_ROUTES,
    { method: 'GET', path: '/api/versions' },
    { method: 'GET', path: '/api/usage' },
    { method: 'GET', path: '/api/sectors' },
  ]) {
    allowed.set(route.path, [...(allowed.get(route.path) ?? []), route.method]);
  }
  for (const [path, methods] of allowed) {
    const others = (['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const).filter(
      (method) => !methods.includes(method),
    );
    app.route({
      method: [...others],
      url: path,
      handler: () => {
        throw new ProxyError(405, 'method_not_allowed', {
          detail: `${path} accepts ${methods.join(', ')} only.`,
          headers: { allow: methods.join(', ') },
        });
      },
    });
  }

  const fetchVersions = (user: VerifiedUser, requestId: string) =>
    cache.getOrProduce(
      'GET /versions',
      async () => {
        const answer = await dataApi.call({
          method: 'GET',
          path: '/versions',
          userId: user.userId,
          requestId,
        });
        return JSON.stringify(parseUpstream(VersionsResponseSchema, answer.body));
      },
      { store: true, ttlMs: VERSIONS_TTL_MS },
    );

  const sectorSearch = createSectorSearch({ dataApi, cache, shared: deps.sharedIndexes });

  /**
   * Refuses a release the licence does not list before the proxy works on it: any string of the
   * right shape would otherwise key a sector index of its own and start a build.
   */
  async function assertListed(
    version: string,
    systemModel: string,
    user: VerifiedUser,
    requestId: string,
  ) {
    const versions = VersionsResponseSchema.parse(
      JSON.parse((await fetchVersions(user, requestId)).body),
    );
    const listed = versions.results.some(
      (release) => release.version === version && release.system_models.includes(systemModel),
    );
    if (!listed)
      throw new ProxyError(404, 'not_found', {
        detail: `The licence lists no release ${version} with system model ${systemModel}.`,
        hint: 'GET /api/versions lists the releases',
      });
  }

  /** `latest` becomes the concrete release, so every cached answer belongs to one release. */
  async function resolveVersion(
    version: string | undefined,
    user: VerifiedUser,
    requestId: string,
  ): Promise<string> {
    if (version !== undefined && version !== LATEST) return version;
    const versions = VersionsResponseSchema.parse(
      JSON.parse((await fetchVersions(user, requestId)).body),
    );
    const latest = latestVersion(versions.results);
    if (!latest)
      throw new ProxyError(403, 'not_licensed', {
        detail: 'Your organisation’s licence holds no release.',
      });
    return latest.version;
  }

  await app.register(async (data) => {
    data.addHook('onRequest', async (request, reply) => {
      if ((request.raw.url ?? '').length > MAX_QUERY_LENGTH) {
        throw new ProxyError(400, 'bad_request', {
          detail: `The request line is longer than ${MAX_QUERY_LENGTH} characters.`,
        });
      }
      try {
        request.user = await verifyUser(request.headers.authorization);
      } catch (error) {
        // Past its limit an address gets 429 instead of 401, which it can be told to wait on.
        if (error instanceof ProxyError && error.status === 401)
          await addressLimits.take(request.ip);
        throw error;
      }
      reply.headers(await limits.take(request.user.userId));
    });

    data.get('/api/versions', async (request, reply) => {
      const user = requireUser(request);
      parseInput(z.object({}).strict(), request.query, 'query');
      return send(request, reply, await fetchVersions(user, request.id), 'private, no-cache');
    });

    data.get('/api/usage', async (request): Promise<Usage> => {
      requireUser(request);
      parseInput(z.object({}).strict(), request.query, 'query');
      return { ...(await ledger.snapshot()), charged: await ledger.chargedIds() };
    });

    data.get('/api/sectors', async (request, reply): Promise<Sectors | undefined> => {
      const user = requireUser(request);
      const query = parseInput(
        z
          .object({
            version: ReleaseSegmentSchema.optional(),
            system_model: ReleaseSegmentSchema.optional(),
          })
          .strict(),
        request.query,
        'query',
      );
      const version = await resolveVersion(query.version, user, request.id);
      const systemModel = query.system_model ?? DEFAULT_SYSTEM_MODEL;
      await assertListed(version, systemModel, user, request.id);
      const sectors = sectorSearch.status({ user, requestId: request.id }, version, systemModel);
      if (sectors.status === 'building') {
        // Accepted and under way: ask again shortly.
        void reply.code(202).header('retry-after', '1');
        return sectors;
      }
      await send(
        request,
        reply,
        toAnswer(JSON.stringify(sectors)),
        'private, max-age=31536000, immutable',
      );
      return undefined;
    });

    for (const route of DATA_ROUTES) {
      data.route({
        method: route.method,
        url: route.path,
        handler: async (request, reply) => forward(route, request, reply),
      });
    }
  });

  async function forward(route: DataRoute, request: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(request);
    const params: Record<string, unknown> = route.params
      ? parseInput(route.params, request.params, 'path')
      : {};
    const query: Record<string, unknown> = parseInput(route.query, request.query, 'query');
    const body = route.body ? parseInput(route.body, request.body, 'body') : undefined;
    const version = await resolveVersion(query.version as string | undefined, user, request.id);
    const systemModel = (query.system_model as string | undefined) ?? DEFAULT_SYSTEM_MODEL;

    const scores = route.scores?.(params, query, body);
    const scored = scores !== undefined && scores.indicatorIds.length > 0;

    const upstreamQuery = new URLSearchParams();
    const values: Record<string, unknown> = { ...query, version, system_model: systemModel };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
        upstreamQuery.append(key, String(item));
    }
    upstreamQuery.sort();

    if (upstreamQuery.has('sector') || upstreamQuery.has('isic_section')) {
      // The data service cannot filter by sector: the proxy's sector index does (sectors/).
      await assertListed(version, systemModel, user, request.id);
      const upstream: Record<string, string> = {};
      for (const [name, value] of upstreamQuery)
        if (!SECTOR_SEARCH_OWN.has(name)) upstream[name] = value;
      const input = {
        version,
        systemModel,
        upstream,
        sector: upstreamQuery.get('sector') ?? undefined,
        isicSection: upstreamQuery.get('isic_section') ?? undefined,
        from: Number(upstreamQuery.get('from') ?? 0),
        limit: upstreamQuery.has('limit') ? Number(upstreamQuery.get('limit')) : undefined,
      };
      const answer = await cache.getOrProduce(
        answerKey('GET', '/datasets', upstreamQuery),
        async () =>
          JSON.stringify(await sectorSearch.search({ user, requestId: request.id }, input)),
        { store: true },
      );
      return send(request, reply, answer, 'private, max-age=31536000, immutable');
    }
    const path = route.upstreamPath(params);
    // Answers without scores are the same for everyone; with scores, each user has their own,
    // because the data service bills per user.
    const key = answerKey(route.method, path, upstreamQuery, {
      body,
      userId: scored ? user.userId : undefined,
    });
    const answer = await cache.getOrProduce(
      key,
      async () => {
        const call = async () => {
          const result = await dataApi.call({
            method: route.method,
            path,
            query: upstreamQuery,
            ...(body === undefined ? {} : { body }),
            userId: user.userId,
            requestId: request.id,
          });
          return parseUpstream(route.response, result.body);
        };
        const parsed = await limits.withSlot(user.userId, async () =>
          scored
            ? // Held before it is sent, so no number of calls at once can charge past the budget.
              underReservation(
                await ledger.reserve(
                  user.userId,
                  scores.datasetIds,
                  scores.indicatorIds,
                  scores.maxDatasets,
                ),
                call,
              )
            : call(),
        );
        return JSON.stringify(parsed);
      },
      { store: true },
    );
    // A release never changes: its answers can be kept by the browser for good.
    return send(request, reply, answer, 'private, max-age=31536000, immutable');
  }
}
