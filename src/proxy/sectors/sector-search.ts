import { DEFAULT_PAGE_LIMIT } from '../../shared/api/routes';
import type { SearchResults, Sectors } from '../../shared/api/schemas';
import { ProxyError } from '../errors';
import { allSearchResults, PAGE_SIZE } from '../release-data/read-release';
import { releaseKey } from '../../shared/versions';
import type { ReleaseData } from '../release-data/release-data';
import type { Caller, ReleaseRef, SearchInput } from '../upstream/adapter';
import {
  facetsOf,
  filterBySector,
  type SectorFilter,
  type SectorIndex,
} from '../release-data/sector-index';

export interface SectorSearchInput extends SectorFilter, SearchInput {}

/** Where the sector search reads from: search pages (shared through the cache) and releases. */
export interface SectorSearchDeps {
  searchPage(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults>;
  /** Every release's documents, read once and shared with the changes and upgrade checks. */
  releases: ReleaseData;
}

/**
 * Sector and ISIC filters on top of the data service's search: a release's search results are
 * read whole (pages shared with everyone through the cache), filtered with the sector index of
 * the release's documents, and paged here, so totals and pages are exact.
 *
 * A release's sector index, once made, is kept for good (it is small: sector-index.ts), apart
 * from its documents, which may be dropped from memory to make room for other releases: asking
 * for the sectors of more releases than are kept read, in turn, reads none of them again.
 */
export function createSectorSearch(deps: SectorSearchDeps) {
  const { releases } = deps;
  /** Every release indexed, by release key; bounded by the releases the licence lists. */
  const indexes = new Map<string, SectorIndex>();
  /** The release's sector index: kept, or made from its documents if they are read. */
  const indexOf = (caller: Caller, release: ReleaseRef) => {
    const key = releaseKey(release);
    const kept = indexes.get(key);
    if (kept) return kept;
    const documents = releases.ready(caller, release);
    if (!documents) return undefined;
    const index = documents.sectors;
    indexes.set(key, index);
    return index;
  };
  /** A page of every result of a search: the filters the service knows, 100 at a time. */
  const page = (filters: Omit<SearchInput, 'from' | 'limit'>, from: number): SearchInput => ({
    ...filters,
    from,
    limit: PAGE_SIZE,
  });

  /** The sector and ISIC section names of every release indexed so far, and how many. */
  const knownNames = () => {
    const names = { ready: 0, sectors: new Set<string>(), isicSections: new Set<string>() };
    for (const index of indexes.values()) {
      names.ready++;
      for (const facet of index.sectors) names.sectors.add(facet.name);
      for (const facet of index.isicSections) names.isicSections.add(facet.name);
    }
    return names;
  };

  return {
    /** The facets of a release when its documents are read, else the reading's progress. */
    status(caller: Caller, release: ReleaseRef): Sectors {
      const key = releaseKey(release);
      let index = indexes.get(key);
      if (!index) {
        const state = releases.get(caller, release);
        if (state.status === 'building') return state;
        index = state.value.sectors;
        indexes.set(key, index);
      }
      return {
        status: 'ready',
        datasets: index.size,
        sectors: index.sectors,
        isic_sections: index.isicSections,
      };
    },

    async search(
      caller: Caller,
      release: ReleaseRef,
      input: SectorSearchInput,
    ): Promise<SearchResults> {
      // A name no read release knows, for a release not read yet, finds nothing: it must not
      // start a reading (`sector=🔥` cost a release's worth of calls). The explorer asks
      // /api/sectors first, which starts its release's reading, so its searches wait for it.
      const known = knownNames();
      if (
        !indexes.has(releaseKey(release)) &&
        !releases.has(release) &&
        known.ready > 0 &&
        ((input.sector !== undefined && !known.sectors.has(input.sector)) ||
          (input.isicSection !== undefined && !known.isicSections.has(input.isicSection)))
      )
        return { total: 0, results: [] };
      const index = indexOf(caller, release);
      if (!index) {
        const progress = releases.get(caller, release);
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
      return {
        total: results.length,
        results: results.slice(input.from, input.from + limit),
        facets: facetsOf(all, index, input),
      };
    },
  };
}

export type SectorSearch = ReturnType<typeof createSectorSearch>;
