import type { DatasetPage, SearchResults } from '../../shared/api/schemas';
import { createIntern, toDoc, type DatasetDoc } from '../../shared/matching/dataset-doc';

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
/** Upstream calls in flight at once while reading, so a release never floods the service. */
const CONCURRENCY = 4;
/** Search pages read at most, whether listing a release or answering one filtered search. */
export const MAX_SEARCH_PAGES = 100;

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every result of a search, read page by page (at most `MAX_SEARCH_PAGES` pages). */
export async function allSearchResults(
  searchPage: (from: number) => Promise<SearchResults>,
): Promise<SearchResults['results']> {
  const first = await searchPage(0);
  const pages = Math.min(MAX_SEARCH_PAGES, Math.ceil(first.total / PAGE_SIZE));
  const rest = await mapLimit(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => (i + 1) * PAGE_SIZE),
    CONCURRENCY,
    searchPage,
  );
  return [first, ...rest].flatMap((page) => page.results);
}

/**
 * Every dataset document of a release, in the order the search lists them. Names, units,
 * sectors and geographies repeat across thousands of datasets and are kept once each.
 */
export async function readRelease(
  source: ReleaseSource,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<DatasetDoc[]> {
  const ids = [
    ...new Set(
      (await allSearchResults((from) => source.searchPage(from))).flatMap((activity) =>
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
  const pages = await mapLimit(chunks, CONCURRENCY, async (chunk) => {
    const answer = await source.documents(chunk);
    done += chunk.length;
    progress(done, ids.length);
    return answer.datasets.map((dataset) => toDoc(dataset, intern));
  });
  return pages.flat();
}
