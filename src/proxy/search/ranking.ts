import type { SearchHit } from '../../shared/api/schemas';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `name`'s words begin with `typed`'s, the last typed word as a beginning ("steel prod"). */
function startsWithWords(name: readonly string[], typed: readonly string[]): boolean {
  if (typed.length === 0 || name.length < typed.length) return false;
  return typed.every((word, i) =>
    i === typed.length - 1 ? (name[i] ?? '').startsWith(word) : name[i] === word,
  );
}

const MARKET = /^market (group )?for /i;

/**
 * How well an activity's name answers the words typed: 0 it starts with them ("steel
 * production, converter" for "steel"), 1 it is the market for a product that does ("market for
 * steel, low-alloyed"), 2 anything else.
 */
export function nameRank(name: string, query: string): number {
  const typed = words(query);
  if (startsWithWords(words(name), typed)) return 0;
  return MARKET.test(name) && startsWithWords(words(name.replace(MARKET, '')), typed) ? 1 : 2;
}

/**
 * The hits reordered by `nameRank`, keeping the data service's order within each rank: none is
 * dropped or added, only moved.
 */
export function rankHits(hits: readonly SearchHit[], query: string): SearchHit[] {
  return hits
    .map((hit, index) => ({ hit, index, rank: nameRank(hit.name, query) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ hit }) => hit);
}
