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
 * Free calls in flight for every release read at once, unless told (`RELEASE_READ_CONCURRENCY`;
 * read-pool.ts, halved while the service asks for less or does not answer in time). At 150 ms
 * of service latency the first What changed reads about 460 calls and a history from nothing
 * about 660: with 8 in flight (four for each of two releases, before) they took 12.4 s and
 * 20.4 s, with 16 7.2 s and 9.9 s, with 32 5.2 s and 7.0 s. The proxy's CPU was then thought the
 * limit past 32; measured again on 2026-12-07 the reads were still waiting on the service's
 * latency (the proxy busy two thirds of the time): the first What changed 3.3 s at 32, 2.8 s at
 * 48, 2.4 s at 64 (proxies on their own, three runs each). 48 is half as many again, not all
 * that helps: a service that asks for less is heard (read-pool.ts), one that slows without a
 * word is not.
 */
export const READ_CONCURRENCY = 48;
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
 * `concurrency` is the most pages asked at once; release-data.ts passes its pool's ceiling, the
 * pool deciding what is in flight across releases.
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
