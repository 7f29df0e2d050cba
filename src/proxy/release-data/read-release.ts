import type { DatasetPage, SearchResults } from '../../shared/api/schemas';
import { createIntern, toDoc, type DatasetDoc } from '../../shared/matching/dataset-doc';
import { searchRowKey } from '../upstream/adapter';
import { mapLimit, PagingError, readRange } from '../upstream/paging';

/**
 * Reading a whole release from free calls: every activity through the search (no query, 100 a
 * page), then every dataset's document through the batch route without indicators (100 a
 * call), so nothing is charged. The sector index, the release changes, the upgrade check and
 * a dataset's history all read a release this way, once, through one store (`release-data.ts`).
 */

/** What a release is read from: pages of the data service's answers. */
export interface ReleaseSource {
  /** A page of search results with no query: every activity of the release, `PAGE_SIZE` at a time. */
  searchPage(from: number): Promise<SearchResults>;
  /** The documents of up to `PAGE_SIZE` datasets, without scores. */
  documents(ids: number[]): Promise<DatasetPage>;
}

export const PAGE_SIZE = 100;
/**
 * Upstream calls in flight at once while reading, unless told (`RELEASE_READ_CONCURRENCY`), so
 * a release never floods the service (two are read at once at most, release-data.ts). 12
 * measured no faster than 4 here (`npm run bench -- history` at 150 ms: 15.3 s against 13.9 s
 * for the first What changed), the read being bound by the CPU of the emulator and the proxy on
 * two shared cores, not by the service's latency; against a real service it may be worth raising.
 */
const READ_CONCURRENCY = 4;
/** A filtered search read whole (sectors/): the user's own calls, within their 8 at once. */
const SEARCH_CONCURRENCY = 4;
/** Search rows read at most, listing a release or answering one filtered search: far above any release's. */
const MAX_SEARCH_ROWS = 200_000;

export { mapLimit };

/**
 * Every result of a search, read by evidence (upstream/paging.ts): pages followed while full,
 * past the total too (a lower bound is no end), the total checked, a repeated page or fewer
 * rows than the total says a loud error, never a shorter list.
 */
export async function allSearchResults(
  searchPage: (from: number) => Promise<SearchResults>,
  concurrency = SEARCH_CONCURRENCY,
): Promise<SearchResults['results']> {
  const range = await readRange({
    route: 'GET /datasets',
    pageSize: PAGE_SIZE,
    alignedPages: false,
    from: 0,
    count: Infinity,
    key: searchRowKey,
    maxItems: MAX_SEARCH_ROWS,
    concurrency,
    fetch: async (from) => {
      const page = await searchPage(from);
      // A total the proxy cannot vouch for is none: the listing, not the total, says the end.
      return { items: page.results, total: page.total_at_least ? undefined : page.total };
    },
  });
  return range.items;
}

/**
 * Every dataset document of a release, in the order the search lists them. Names, units,
 * sectors and geographies repeat across thousands of datasets and are kept once each.
 */
export async function readRelease(
  source: ReleaseSource,
  progress: (done: number, total: number) => void = () => undefined,
  concurrency = READ_CONCURRENCY,
): Promise<DatasetDoc[]> {
  const ids = [
    ...new Set(
      (await allSearchResults((from) => source.searchPage(from), concurrency)).flatMap((activity) =>
        activity.products.flatMap((product) => product.datasets.map((dataset) => dataset.id)),
      ),
    ),
  ];
  progress(0, ids.length);
  const intern = createIntern();
  const chunks = Array.from({ length: Math.ceil(ids.length / PAGE_SIZE) }, (_, i) =>
    ids.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE),
  );
  let done = 0;
  const pages = await mapLimit(chunks, concurrency, async (chunk) => {
    const answer = await source.documents(chunk);
    // The search listed them all in this release: fewer back would read as datasets removed.
    if (answer.datasets.length !== chunk.length)
      throw new PagingError(
        'POST /datasets/batch',
        `${answer.datasets.length} of ${chunk.length} datasets the search listed came back`,
      );
    done += chunk.length;
    progress(done, ids.length);
    return answer.datasets.map((dataset) => toDoc(dataset, intern));
  });
  return pages.flat();
}
