import { DEFAULT_PAGE_LIMIT } from '../../shared/api/routes';
import type { DatasetPage, SearchResults, Sectors } from '../../shared/api/schemas';
import { ProxyError } from '../errors';
import type { Caller, ReleaseRef, SearchInput } from '../upstream/adapter';
import type { SharedIndexes } from './shared-index';
import {
  allSearchResults,
  buildSectorIndex,
  filterBySector,
  PAGE_SIZE,
  SectorIndexes,
  type SectorFilter,
} from './sector-index';

export interface SectorSearchInput extends SectorFilter, SearchInput {}

/** Where the sector search reads from: search pages (shared through the cache) and documents. */
export interface SectorSearchDeps {
  searchPage(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults>;
  /** Documents without scores, so nothing is charged. */
  documents(caller: Caller, release: ReleaseRef, ids: number[]): Promise<DatasetPage>;
  /** Waits before a call is tried again after a 429 (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** Indexes shared by every instance (Redis): each release is built once for the fleet. */
  shared?: SharedIndexes | undefined;
}

/** Tries after a 429 before the build fails, and the longest wait the service may ask for. */
const MAX_TRIES = 5;
const MAX_WAIT_MS = 30_000;

/**
 * Calls the service again after a 429, waiting as long as its Retry-After says (or doubling
 * from a second), so building an index never hammers a service that asks for less.
 */
export function politely(sleep: (ms: number) => Promise<void>) {
  return async <T>(call: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ProxyError) || error.status !== 429 || attempt >= MAX_TRIES)
          throw error;
        const asked = Number(error.options.headers?.['retry-after']);
        const wait = Number.isFinite(asked) && asked > 0 ? asked * 1000 : 1000 * 2 ** (attempt - 1);
        await sleep(Math.min(MAX_WAIT_MS, wait));
      }
    }
  };
}

/**
 * Sector and ISIC filters on top of the data service's search: a release's search results are
 * read whole (pages shared with everyone through the cache), filtered with the sector index,
 * and paged here, so totals and pages are exact.
 */
export function createSectorSearch(deps: SectorSearchDeps) {
  const retry = politely(deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
  /** A page of every result of a search: the filters the service knows, 100 at a time. */
  const page = (filters: Omit<SearchInput, 'from' | 'limit'>, from: number): SearchInput => ({
    ...filters,
    from,
    limit: PAGE_SIZE,
  });

  // The calls are free (no indicators); they go out under the user who asked first.
  const indexes = new SectorIndexes<Caller & ReleaseRef>(
    (key, { version, systemModel, ...caller }, progress) => {
      const release = { version, systemModel };
      const build = (report: typeof progress) =>
        buildSectorIndex(
          {
            searchPage: (from) => retry(() => deps.searchPage(caller, release, page({}, from))),
            documents: (ids) => retry(() => deps.documents(caller, release, ids)),
          },
          report,
        );
      return deps.shared ? deps.shared.obtain(key, build, progress) : build(progress);
    },
  );
  const keyOf = (release: ReleaseRef) => `${release.version}\n${release.systemModel}`;

  return {
    /** The facets of a release when its index is ready, else the progress of its build. */
    status(caller: Caller, release: ReleaseRef): Sectors {
      return indexes.status(keyOf(release), { ...caller, ...release });
    },

    async search(
      caller: Caller,
      release: ReleaseRef,
      input: SectorSearchInput,
    ): Promise<SearchResults> {
      const key = keyOf(release);
      const context = { ...caller, ...release };
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
      const { query, geography, activity_type } = input;
      const all = await allSearchResults((from) =>
        deps.searchPage(caller, release, page({ query, geography, activity_type }, from)),
      );
      const results = filterBySector(all, index, input);
      const limit = input.limit > 0 ? input.limit : DEFAULT_PAGE_LIMIT;
      return { total: results.length, results: results.slice(input.from, input.from + limit) };
    },
  };
}

export type SectorSearch = ReturnType<typeof createSectorSearch>;
