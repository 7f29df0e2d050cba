import type { SearchResults } from '../../shared/api/schemas';
import type { SearchInput } from '../upstream/adapter';
import { rankHits } from './ranking';
import { otherSpelling } from './spelling';

/** A page of the data service's own search, as it answers it (shared through the cache). */
export type SearchPage = (input: SearchInput) => Promise<SearchResults>;

/**
 * The page asked for, with the first page of the service's answer (as many as it sends at once,
 * up to 100) reordered by how well each name answers the words (ranking.ts). Positions past that
 * first page come from the service in its own order, so every result is still on exactly one
 * page and the total is the service's.
 */
export async function rankedPage(input: SearchInput, page: SearchPage, window: number) {
  const query = input.query?.trim() ?? '';
  if (query === '' || input.from >= window) return page(input);
  const top = await page({ ...input, from: 0, limit: window });
  const held = top.results.length;
  // Past what the service sends in one page: its own order, as it pages.
  if (input.from >= held) return page(input);
  const end = input.from + input.limit;
  const head = rankHits(top.results, query).slice(input.from, Math.min(end, held));
  if (end <= held || top.total <= held) return { ...top, results: head };
  const rest = await page({ ...input, from: held, limit: end - held });
  return { ...top, results: [...head, ...rest.results] };
}

/**
 * A search that takes either spelling of a word (spelling.ts): the query as typed, and when it
 * finds nothing while its other spelling does, the other's results, saying so; when both find
 * something, the typed query's results and how many the other spelling finds. Never a result
 * the service did not send, never one it sent left out.
 */
export async function spelledSearch(
  input: SearchInput,
  page: SearchPage,
  window: number,
): Promise<SearchResults> {
  const asked = await rankedPage(input, page, window);
  const other = input.query ? otherSpelling(input.query) : undefined;
  if (other === undefined) return asked;
  if (asked.total === 0) {
    const instead = await rankedPage({ ...input, query: other }, page, window);
    return instead.total > 0 ? { ...instead, spelling: { kind: 'instead', query: other } } : asked;
  }
  const also = await page({ ...input, query: other, from: 0, limit: 1 });
  return also.total > 0
    ? { ...asked, spelling: { kind: 'also', query: other, total: also.total } }
    : asked;
}
