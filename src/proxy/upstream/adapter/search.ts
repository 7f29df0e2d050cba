import type { SearchHit, SearchResults } from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import type { UpstreamAnswer } from '../data-api';
import { aligned, PagingError, readRange } from '../paging';
import { readSearch } from './datasets';
import {
  pagingNameOf,
  releaseQuery,
  type AdapterSettings,
  type Caller,
  type ReleaseRef,
  type SearchInput,
} from './common';

/**
 * The service's search, read by evidence: a page of the explorer's asked in pages of the
 * service's size by its paging parameter, checked against its total, a later page compared with
 * the first (so a paging parameter the service ignores never shows page 1 again), and a search
 * without a total counted to its end, once. A total is a claim: one the proxy cannot vouch for
 * (a search engine may count exactly only up to a threshold) is answered as "at least".
 */

/** Search rows a list may have at most before the adapter stops: far above any release's. */
const MAX_ACTIVITIES = 200_000;
/** Searches whose first rows or total are kept (release data never changes). */
const MAX_KEPT = 500;

/** A search row's identity, to notice a page that repeats another. */
export const searchRowKey = (row: SearchHit) =>
  `${row.name}\u0000${row.products.flatMap((p) => p.datasets.map((d) => d.id)).join(',')}`;

type Filters = Omit<SearchInput, 'from' | 'limit'>;

/** Keeps at most MAX_KEPT entries, the oldest going first. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_KEPT) map.delete(map.keys().next().value ?? '');
  map.set(key, value);
}

export function createSearches(deps: {
  get: (caller: Caller, path: string, query?: URLSearchParams) => Promise<UpstreamAnswer>;
  note: (route: string, variant: string) => void;
  /** Told once per value of a total shown to be a lower bound, for the log. */
  lowerBound: (route: string, claimed: number, listed: number) => void;
  paged: (query: URLSearchParams, from: number, size: number) => URLSearchParams;
  settings: AdapterSettings;
}) {
  const { settings } = deps;
  const pagingName = pagingNameOf(settings.searchPaging);
  const counted = new Map<string, number>();
  const firstRows = new Map<string, Set<string>>();
  let pagingSeen = false;
  /**
   * What this service's totals have shown: totals up to `exactUpTo` had nothing listed past
   * them; totals from `shortFrom` on had (a search engine that stops counting at a threshold
   * says the threshold for every larger result). A total between them is checked once.
   */
  const totals = { exactUpTo: -1, shortFrom: Infinity };
  const shortAt = (claimed: number, listed: number) => {
    if (claimed < totals.shortFrom) {
      totals.shortFrom = claimed;
      deps.lowerBound('GET /datasets', claimed, listed);
      deps.note('GET /datasets total', `a lower bound from ${claimed}: more are listed past it`);
    }
  };

  const searchQuery = (release: ReleaseRef, input: Filters) => {
    const query = releaseQuery(release);
    if (input.query) query.set('query', input.query);
    if (input.geography) query.set('geography', input.geography);
    if (input.activity_type) query.set('activity_type', input.activity_type);
    return query;
  };

  /** Rows `[from, from + count)` of a search; `total` when known. */
  async function range(
    caller: Caller,
    release: ReleaseRef,
    input: Filters,
    from: number,
    count: number,
  ) {
    let variant = '';
    const read = await readRange<SearchHit>({
      route: 'GET /datasets',
      pageSize: settings.pageSize,
      alignedPages: aligned(settings.searchPaging),
      from,
      count,
      key: searchRowKey,
      maxItems: MAX_ACTIVITIES,
      concurrency: Number.isFinite(count) ? 1 : 4,
      fetch: async (at, size) => {
        const query = deps.paged(searchQuery(release, input), at, size);
        const page = readSearch((await deps.get(caller, '/datasets', query)).body, pagingName);
        variant = page.variant;
        return { items: page.value.results, total: page.value.total };
      },
    });
    deps.note('GET /datasets', variant);
    return read;
  }

  /**
   * Whether the service pages the search by the configured parameter: a later page must not
   * repeat the first. Compared with the first page when this process read it (release reads
   * and the explorer's page 1 come first), else asked once per process.
   */
  async function assertPages(
    caller: Caller,
    release: ReleaseRef,
    input: SearchInput,
    rows: readonly SearchHit[],
  ) {
    const key = searchQuery(release, input).toString();
    if (input.from === 0) {
      remember(firstRows, key, new Set(rows.map(searchRowKey)));
      return;
    }
    if (rows.length === 0) return;
    let earlier = firstRows.get(key);
    if (earlier === undefined || input.from < earlier.size) {
      if (pagingSeen) return;
      // Rows before `from` only, so a page that rightly overlaps nothing is compared.
      const size = Math.min(input.limit, input.from);
      earlier = new Set((await range(caller, release, input, 0, size)).items.map(searchRowKey));
    }
    if (rows.some((row) => earlier.has(searchRowKey(row))))
      throw new PagingError(
        'GET /datasets',
        `the page from ${input.from} repeats the first page: the service does not page by ${pagingName}`,
      );
    if (earlier.size > 0) pagingSeen = true;
  }

  /**
   * Whether the service's total for a search can be vouched for: a row listed at its position
   * says it is a lower bound; none, that it holds. Asked once per total above what is known to
   * hold; a probe that fails vouches for nothing (and is not remembered).
   */
  async function vouch(
    caller: Caller,
    release: ReleaseRef,
    input: Filters,
    total: number,
  ): Promise<boolean> {
    if (total <= totals.exactUpTo) return true;
    if (total >= totals.shortFrom) return false;
    let past: number;
    try {
      const query = deps.paged(searchQuery(release, input), total, 1);
      past = readSearch((await deps.get(caller, '/datasets', query)).body, pagingName).value.results
        .length;
    } catch (error) {
      if (error instanceof ProxyError) return false;
      throw error;
    }
    if (past > 0) {
      shortAt(total, total + past);
      return false;
    }
    totals.exactUpTo = Math.max(totals.exactUpTo, total);
    return true;
  }

  return {
    async search(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults> {
      const page = await range(caller, release, input, input.from, input.limit);
      await assertPages(caller, release, input, page.items);
      if (page.claimed !== undefined && page.short) {
        const listed = input.from + page.items.length;
        shortAt(page.claimed, page.total ?? listed);
        // Read to its end, the search is counted; otherwise the total is a lower bound.
        if (page.counted && page.total !== undefined)
          return { total: page.total, results: page.items };
        return {
          total: Math.max(page.claimed, listed),
          total_at_least: true,
          results: page.items,
        };
      }
      let total = page.total;
      if (total !== undefined && !page.counted && !(await vouch(caller, release, input, total)))
        return { total, total_at_least: true, results: page.items };
      if (total === undefined) {
        // No total from the service and a full page: the rest is counted, once per search.
        const key = searchQuery(release, input).toString();
        total = counted.get(key);
        if (total === undefined) {
          const end = input.from + input.limit;
          total = end + (await range(caller, release, input, end, Infinity)).items.length;
          remember(counted, key, total);
        }
      }
      return { total, results: page.items };
    },
  };
}
