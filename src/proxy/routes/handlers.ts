import type { PublicConfig } from '../../shared/config';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../../shared/api/routes';
import type { ExplorerPage, Releases, SearchResults } from '../../shared/api/schemas';
import { DEFAULT_SYSTEM_MODEL, LATEST } from '../../shared/versions';
import type { VerifiedUser } from '../auth/user-auth';
import {
  answerKey,
  toAnswer,
  type CachedAnswer,
  type ResponseCache,
} from '../cache/response-cache';
import type { ProxyConfig } from '../config';
import { ProxyError } from '../errors';
import type { Limits } from '../limits/user-limits';
import { mapLimit } from '../release-data/read-release';
import { createReleaseData } from '../release-data/release-data';
import { createReleaseRoutes } from '../release-data/release-routes';
import type { Building } from '../release-data/release-stores';
import { spelledSearch } from '../search/spelled-search';
import { createSectorSearch } from '../sectors/sector-search';
import type { Caller, ReleaseRef, SearchInput, UpstreamAdapter } from '../upstream/adapter';
import { underReservation } from '../usage/charges';
import type { LedgerStore } from '../usage/ledger-store';
import { createUsageRoute } from '../usage/usage-route';
import type { SharedReads } from '../release-data/shared-reads';
import type { ChangeReports } from '../change-reports/load-reports';

/** What a route's handler gets: the parsed request, and who asked. */
export interface Request<K extends RouteName> {
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  /** Undefined only on the one public route. */
  user: VerifiedUser | undefined;
  requestId: string;
  /** The explorer page the request came from (`X-Explorer-Page`), kept with what it charges. */
  page: ExplorerPage;
}

/**
 * An answer: a cached one (sent with its ETag), or a value built for this request, with a
 * status other than 200 where the route declares one.
 */
export type Outcome<K extends RouteName> =
  | { cached: CachedAnswer }
  | { value: AnswerOf<K>; status?: number; headers?: Record<string, string> };

export type Handlers = { [K in RouteName]: (request: Request<K>) => Promise<Outcome<K>> };

export interface HandlerDeps {
  config: ProxyConfig;
  adapter: UpstreamAdapter;
  cache: ResponseCache;
  ledger: LedgerStore;
  limits: Limits;
  /** Releases read once for every instance (Redis); unset: this instance reads its own. */
  sharedReads?: SharedReads | undefined;
  /** ecoinvent's change reports, read at start; unset: changes are inferred only. */
  changeReports?: ChangeReports | undefined;
}

const VERSIONS_TTL_MS = 5 * 60_000;

function callerOf(request: { user: VerifiedUser | undefined; requestId: string }): Caller {
  if (!request.user) throw new ProxyError(401, 'unauthorized');
  return { userId: request.user.userId, requestId: request.requestId };
}

const releaseKey = (release: ReleaseRef) =>
  new URLSearchParams({ version: release.version, system_model: release.systemModel });

/** Every route's work: release data read through the cache, scored calls under a reservation. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { config, adapter, cache, ledger, limits } = deps;
  const usage = createUsageRoute({ ledger, config });

  const versionsAnswer = (caller: Caller) =>
    cache.getOrProduce(
      'GET /api/versions',
      async () => JSON.stringify(await adapter.versions(caller)),
      { store: true, ttlMs: VERSIONS_TTL_MS },
    );
  // The releases are read on every data request; parsed once per answer, not per request.
  let parsed: { etag: string; releases: Releases } | undefined;
  const releases = async (caller: Caller): Promise<Releases> => {
    const answer = await versionsAnswer(caller);
    if (parsed?.etag !== answer.etag)
      parsed = { etag: answer.etag, releases: JSON.parse(answer.body) as Releases };
    return parsed.releases;
  };

  /** `latest` (or no version) becomes the concrete release, so every answer is one release's. */
  async function resolve(
    caller: Caller,
    query: { version?: string | undefined; system_model?: string | undefined },
  ): Promise<ReleaseRef> {
    const systemModel = query.system_model ?? DEFAULT_SYSTEM_MODEL;
    if (query.version !== undefined && query.version !== LATEST)
      return { version: query.version, systemModel };
    const latest = (await releases(caller)).latest;
    if (latest === null)
      throw new ProxyError(403, 'not_licensed', {
        detail: 'Your organisation’s licence holds no release.',
      });
    return { version: latest, systemModel };
  }

  /**
   * Refuses a release the licence does not list before the proxy works on it: any string of
   * the right shape would otherwise key a sector index of its own and start a build.
   */
  async function assertListed(caller: Caller, release: ReleaseRef) {
    const listed = (await releases(caller)).releases.some(
      (entry) =>
        entry.version === release.version && entry.system_models.includes(release.systemModel),
    );
    if (!listed)
      throw new ProxyError(404, 'not_found', {
        detail: `The licence lists no release ${release.version} with system model ${release.systemModel}.`,
        hint: 'GET /api/versions lists the releases',
      });
  }

  /** A release's answer for everyone, produced once and kept. */
  const shared = (key: string, produce: () => Promise<unknown>) =>
    cache.getOrProduce(key, async () => JSON.stringify(await produce()), { store: true });

  /**
   * A dataset's documentation in one release (free, the same for everyone): one cache entry,
   * read by the dataset route and by the question which releases hold the dataset.
   */
  const documentation = (caller: Caller, release: ReleaseRef, id: number) =>
    shared(answerKey('GET', `/api/datasets/${id}`, releaseKey(release)), () =>
      limits.withSlot(caller.userId, () => adapter.dataset(caller, release, id, [])),
    );

  /**
   * A page of search results, shared by the search route and the sector index (a page one reads
   * is free for the other). A user's own search counts against their concurrent calls; the
   * index's reading, shared by everyone, does not.
   */
  const searchPage = (
    caller: Caller,
    release: ReleaseRef,
    input: SearchInput,
    options: { userSlot: boolean },
  ) => {
    const key = releaseKey(release);
    for (const [name, value] of Object.entries(input))
      if (value !== undefined && value !== '') key.set(name, String(value));
    const call = () => adapter.search(caller, release, input);
    return shared(answerKey('GET', '/api/datasets', key), () =>
      options.userSlot ? limits.withSlot(caller.userId, call) : call(),
    );
  };

  const sectorsOff = () =>
    new ProxyError(501, 'sector_index_unavailable', {
      detail:
        'Sector and ISIC filters are turned off on this explorer (SECTOR_INDEX=off): the data service cannot filter by them itself.',
    });
  const sharedSearchPage = async (caller: Caller, release: ReleaseRef, input: SearchInput) =>
    JSON.parse(
      (await searchPage(caller, release, input, { userSlot: false })).body,
    ) as SearchResults;
  // Every release's documents, read once and shared by sectors, changes and upgrade checks.
  const releaseData = createReleaseData({
    shared: deps.sharedReads,
    reports: deps.changeReports,
    searchPage: sharedSearchPage,
    documents: (caller, release, ids) =>
      adapter.batch(caller, release, { from: 0, limit: ids.length }, { dataset_ids: ids }),
    // A release read is shared by everyone; it costs the user who asked first, before it starts.
    admit: (caller, calls) => limits.spend(caller.userId, calls),
  });
  const releaseRoutes = createReleaseRoutes({ data: releaseData, listed: releases });
  /** Releases still being read: 202 with the progress, to be asked again shortly. */
  const stillReading = (progress: Building) => ({
    value: progress,
    status: 202,
    headers: { 'retry-after': '1' },
  });
  const sectorSearch = createSectorSearch({
    // A search filtered by sector reads its query's whole result (up to 100 pages): each page
    // nobody asked for yet is one of the user's own calls, counted and limited as such.
    searchPage: async (caller, release, input) =>
      JSON.parse(
        (await searchPage(caller, release, input, { userSlot: true })).body,
      ) as SearchResults,
    releases: releaseData,
  });

  return {
    async config(): Promise<Outcome<'config'>> {
      const value: PublicConfig = {
        auth:
          config.auth.mode === 'oidc'
            ? {
                mode: 'oidc',
                issuer: config.auth.issuer,
                clientId: config.auth.clientId,
                scope: config.auth.scope,
                programClientId: config.auth.programClientId,
              }
            : { mode: 'none' },
        dataService: {
          emulated: config.dataApi.emulated,
          spoldLookup: config.dataApi.spoldRoute !== null,
          sectorIndex: config.sectorIndex !== 'off',
        },
        limits: {
          requestsPerMinute: config.limits.perMinute,
          concurrentCalls: config.limits.concurrent,
          queuedCalls: config.limits.queue,
          queueSeconds: config.limits.queueMs / 1000,
        },
      };
      return { value };
    },

    async versions(request) {
      return { cached: await versionsAnswer(callerOf(request)) };
    },

    async usage(request) {
      if (!request.user) throw new ProxyError(401, 'unauthorized');
      return { value: await usage.answer(request.user) };
    },

    async indicators(request) {
      const caller = callerOf(request);
      const release = await resolve(caller, request.query);
      return {
        cached: await shared(answerKey('GET', '/api/indicators', releaseKey(release)), () =>
          limits.withSlot(caller.userId, () => adapter.indicators(caller, release)),
        ),
      };
    },

    async sectors(request) {
      const caller = callerOf(request);
      if (config.sectorIndex === 'off') throw sectorsOff();
      const release = await resolve(caller, request.query);
      await assertListed(caller, release);
      const sectors = sectorSearch.status(caller, release);
      // Accepted and under way: ask again shortly.
      if (sectors.status === 'building')
        return { value: sectors, status: 202, headers: { 'retry-after': '1' } };
      return { cached: toAnswer(JSON.stringify(sectors)) };
    },

    async changes(request) {
      const caller = callerOf(request);
      const to = await resolve(caller, request.query);
      const outcome = await releaseRoutes.changes(caller, to, request.query.from);
      if (outcome.status === 'building') return stillReading(outcome);
      const key = releaseKey(to);
      key.set('from', outcome.from.version);
      return {
        cached: await shared(answerKey('GET', '/api/changes', key), async () => outcome.answer()),
      };
    },

    async upgradeCheck(request) {
      const caller = callerOf(request);
      const to = await resolve(caller, request.query);
      const outcome = await releaseRoutes.upgradeCheck(
        caller,
        to,
        request.query.from,
        request.body.entries,
      );
      return outcome.status === 'building' ? stillReading(outcome) : { value: outcome };
    },

    async history(request) {
      const caller = callerOf(request);
      const release = await resolve(caller, request.query);
      const id = request.params.id;
      const outcome = await releaseRoutes.history(caller, release, id);
      if (outcome.status === 'building') return stillReading(outcome);
      return {
        cached: await shared(
          answerKey('GET', `/api/datasets/${id}/history`, releaseKey(release)),
          async () => outcome.answer(),
        ),
      };
    },

    async search(request) {
      const caller = callerOf(request);
      const { query } = request;
      const release = await resolve(caller, query);
      const input: SearchInput = {
        query: query.query,
        geography: query.geography,
        activity_type: query.activity_type,
        from: query.from ?? 0,
        limit: query.limit ?? DEFAULT_PAGE_LIMIT,
      };
      if (query.sector === undefined && query.isic_section === undefined) {
        if (!input.query?.trim())
          return { cached: await searchPage(caller, release, input, { userSlot: true }) };
        // Words: ranked and spelled either way (search/), from the service's own pages, which
        // stay cached as they are for the readers of whole releases.
        const key = releaseKey(release);
        for (const [name, value] of Object.entries(input))
          if (value !== undefined && value !== '') key.set(name, String(value));
        key.set('ranked', 'names');
        const own = async (part: SearchInput) =>
          JSON.parse(
            (await searchPage(caller, release, part, { userSlot: true })).body,
          ) as SearchResults;
        return {
          cached: await shared(answerKey('GET', '/api/datasets', key), () =>
            spelledSearch(input, own, MAX_PAGE_LIMIT),
          ),
        };
      }
      // The data service cannot filter by sector: the proxy's sector index does (sectors/).
      if (config.sectorIndex === 'off') throw sectorsOff();
      await assertListed(caller, release);
      const key = releaseKey(release);
      for (const [name, value] of Object.entries({
        ...input,
        sector: query.sector,
        isic_section: query.isic_section,
      }))
        if (value !== undefined && value !== '') key.set(name, String(value));
      return {
        cached: await shared(answerKey('GET', '/api/datasets', key), () =>
          sectorSearch.search(caller, release, {
            ...input,
            sector: query.sector,
            isicSection: query.isic_section,
          }),
        ),
      };
    },

    async spold(request) {
      const caller = callerOf(request);
      const release = await resolve(caller, request.query);
      const uuids = {
        ...(request.query.activity_spold_uuid
          ? { activity: request.query.activity_spold_uuid }
          : {}),
        ...(request.query.product_spold_uuid ? { product: request.query.product_spold_uuid } : {}),
        ...(request.query.geography_spold_uuid
          ? { geography: request.query.geography_spold_uuid }
          : {}),
      };
      const key = releaseKey(release);
      for (const [name, value] of Object.entries(uuids)) key.set(name, value);
      return {
        cached: await shared(answerKey('GET', '/api/datasets/spold', key), () =>
          limits.withSlot(caller.userId, () => adapter.spold(caller, release, uuids)),
        ),
      };
    },

    async datasetReleases(request) {
      const caller = callerOf(request);
      const id = request.params.id;
      const listed = (await releases(caller)).releases.flatMap((entry) =>
        entry.system_models.map((systemModel) => ({ version: entry.version, systemModel })),
      );
      // Each release's documentation of the dataset (free), through the cache the dataset route
      // fills and reads: 404 is "not in this release"; any other failure is the answer's.
      const held = await mapLimit(listed, 4, async (release) => {
        try {
          await documentation(caller, release, id);
          return true;
        } catch (error) {
          if (error instanceof ProxyError && error.status === 404) return false;
          throw error;
        }
      });
      return {
        value: {
          id,
          releases: listed
            .filter((_, index) => held[index])
            .map((release) => ({ version: release.version, system_model: release.systemModel })),
        },
      };
    },

    async dataset(request) {
      const caller = callerOf(request);
      const release = await resolve(caller, request.query);
      const id = request.params.id;
      const indicators = request.query.indicator_ids ?? [];
      // Answers without scores are the same for everyone; with scores, each user has their own,
      // because the data service bills per user.
      if (indicators.length === 0) return { cached: await documentation(caller, release, id) };
      const key = releaseKey(release);
      key.set('indicator_ids', indicators.join(','));
      const call = () => adapter.dataset(caller, release, id, indicators);
      return {
        cached: await shared(
          answerKey('GET', `/api/datasets/${id}`, key, { userId: caller.userId }),
          () =>
            limits.withSlot(
              caller.userId,
              async () =>
                // Held before it is sent, so no number of calls at once can charge past the budget.
                underReservation(
                  await ledger.reserve({
                    user: caller.userId,
                    datasets: [id],
                    indicators,
                    maxDatasets: 1,
                    source: usage.source(request.user, release, request.page),
                  }),
                  call,
                ),
              // Paid for: the score budget bounds it, not the user's free calls.
              0,
            ),
        ),
      };
    },

    async batch(request) {
      const caller = callerOf(request);
      const release = await resolve(caller, request.query);
      const page = {
        from: request.query.from ?? 0,
        limit: request.query.limit ?? DEFAULT_PAGE_LIMIT,
      };
      // The service answers a list's datasets once each: repeats are dropped before asking, so
      // 10 000 copies of one ID are one ID, in the cache key and in what is sent.
      const ids = [...new Set(request.body.dataset_ids)];
      const indicators = request.body.indicator_ids ?? [];
      const body = { ...request.body, dataset_ids: ids };
      const scored = indicators.length > 0;
      const key = releaseKey(release);
      key.set('from', String(page.from));
      key.set('limit', String(page.limit));
      const cacheKey = answerKey('POST', '/api/datasets/batch', key, {
        body,
        userId: scored ? caller.userId : undefined,
      });
      const call = () => adapter.batch(caller, release, page, body);
      return {
        cached: await shared(cacheKey, () =>
          limits.withSlot(
            caller.userId,
            async () =>
              scored
                ? // The page holds at most `limit` of the IDs from `from` on (unknown ones skipped).
                  underReservation(
                    await ledger.reserve({
                      user: caller.userId,
                      datasets: ids.slice(page.from),
                      indicators,
                      maxDatasets: page.limit,
                      source: usage.source(request.user, release, request.page),
                    }),
                    call,
                  )
                : call(),
            scored ? 0 : 1,
          ),
        ),
      };
    },
  };
}
