import type { Sectors } from '../../shared/proxy-api';
import {
  BatchResponseSchema,
  DEFAULT_PAGE_LIMIT,
  SearchResponseSchema,
  type SearchResponse,
} from '../../shared/upstream';
import type { VerifiedUser } from '../auth/user-auth';
import { answerKey, type ResponseCache } from '../cache/response-cache';
import { ProxyError } from '../errors';
import type { DataApi } from '../upstream/data-api';
import { parseUpstream } from '../upstream/parse-answer';
import type { SharedIndexes } from './shared-index';
import {
  allSearchResults,
  buildSectorIndex,
  filterBySector,
  PAGE_SIZE,
  SectorIndexes,
  type SectorFilter,
} from './sector-index';

export interface SectorSearchInput extends SectorFilter {
  version: string;
  systemModel: string;
  /** The search's other parameters as the data service takes them (query, geography, …). */
  upstream: Record<string, string>;
  from: number;
  limit: number | undefined;
}

type Caller = { user: VerifiedUser; requestId: string };

/**
 * Sector and ISIC filters on top of the data service's search: a release's search results are
 * read whole (pages shared with everyone through the cache), filtered with the sector index,
 * and paged here, so totals and pages are exact.
 */
export function createSectorSearch(deps: {
  dataApi: DataApi;
  cache: ResponseCache;
  /** Indexes shared by every instance (Redis): each release is built once for the fleet. */
  shared?: SharedIndexes | undefined;
}) {
  const { dataApi, cache, shared } = deps;

  async function searchPage(
    caller: Caller,
    params: Record<string, string>,
    from: number,
  ): Promise<SearchResponse> {
    const query = new URLSearchParams({ ...params, from: String(from), limit: String(PAGE_SIZE) });
    // The search route's key: a page read here is a page any user then gets for free.
    const answer = await cache.getOrProduce(
      answerKey('GET', '/datasets', query),
      async () => {
        const result = await dataApi.call({
          method: 'GET',
          path: '/datasets',
          query,
          userId: caller.user.userId,
          requestId: caller.requestId,
        });
        return JSON.stringify(parseUpstream(SearchResponseSchema, result.body));
      },
      { store: true },
    );
    return JSON.parse(answer.body) as SearchResponse;
  }

  const release = (version: string, systemModel: string) => ({
    version,
    system_model: systemModel,
  });
  // The calls are free (no indicators); they go out under the user who asked first.
  const build = (
    version: string,
    systemModel: string,
    caller: Caller,
    progress: (done: number, total: number) => void,
  ) =>
    buildSectorIndex(
      {
        searchPage: (from) => searchPage(caller, release(version, systemModel), from),
        documents: async (ids) => {
          const query = new URLSearchParams({
            ...release(version, systemModel),
            from: '0',
            limit: String(PAGE_SIZE),
          });
          const result = await dataApi.call({
            method: 'POST',
            path: '/datasets/batch',
            query,
            body: { dataset_ids: ids },
            userId: caller.user.userId,
            requestId: caller.requestId,
          });
          return parseUpstream(BatchResponseSchema, result.body);
        },
      },
      progress,
    );
  const indexes = new SectorIndexes<Caller & { version: string; systemModel: string }>(
    (key, { version, systemModel, ...caller }, progress) =>
      shared
        ? shared.obtain(key, (report) => build(version, systemModel, caller, report), progress)
        : build(version, systemModel, caller, progress),
  );
  const keyOf = (version: string, systemModel: string) => `${version}\n${systemModel}`;

  return {
    /** The facets of a release when its index is ready, else the progress of its build. */
    status(caller: Caller, version: string, systemModel: string): Sectors {
      return indexes.status(keyOf(version, systemModel), { ...caller, version, systemModel });
    },

    async search(caller: Caller, input: SectorSearchInput): Promise<SearchResponse> {
      const key = keyOf(input.version, input.systemModel);
      const context = { ...caller, version: input.version, systemModel: input.systemModel };
      // A name no ready index knows, for a release with no index yet, finds nothing: it must not
      // start a build (`sector=🔥` cost a release's worth of calls). The explorer asks
      // /api/sectors first, which starts its release's build, so its searches wait for it.
      const known = indexes.knownNames();
      if (
        !indexes.has(key) &&
        known.ready > 0 &&
        ((input.sector !== undefined && !known.sectors.has(input.sector)) ||
          (input.isicSection !== undefined && !known.isicSections.has(input.isicSection)))
      )
        return { total: 0, results: [] };
      const index = indexes.ready(key, context);
      if (!index) {
        const progress = indexes.status(key, context);
        const done =
          progress.status === 'building'
            ? ` (${progress.done} of ${progress.total} datasets so far)`
            : '';
        throw new ProxyError(503, 'sector_index_building', {
          detail: `This release’s sectors are still being indexed${done}; try again in a moment.`,
          hint: 'GET /api/sectors reports the progress',
          headers: { 'retry-after': '2' },
        });
      }
      const params = { ...input.upstream, ...release(input.version, input.systemModel) };
      const all = await allSearchResults((from) => searchPage(caller, params, from));
      const results = filterBySector(all, index, input);
      const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
      return { total: results.length, results: results.slice(input.from, input.from + limit) };
    },
  };
}

export type SectorSearch = ReturnType<typeof createSectorSearch>;
