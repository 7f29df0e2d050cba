import type { Indicator } from '../../shared/api/schemas';

/**
 * Words as the filter sees them: lower case, split at anything but letters, digits, "." and
 * "+", without a sentence's dots at either end. Names and what people type go through the same
 * split, so pasted punctuation ("midpoint (H)", "CO2-Eq", "climate change: fossil", "v1.03,")
 * matches what it was copied from.
 */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.+]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

/** The filter's terms; empty when there is nothing to filter by. */
export function filterTerms(query: string): string[] {
  return words(query);
}

/**
 * Keeps indicators that match every term somewhere in their method, category, indicator name,
 * unit or ID: "recipe H climate" finds ReCiPe (H)'s climate change indicators.
 */
export function filterIndicators(
  indicators: readonly Indicator[],
  terms: readonly string[],
): Indicator[] {
  if (terms.length === 0) return [...indicators];
  const matching = indicators.filter((indicator) => {
    const own = words(
      `${indicator.method} ${indicator.category} ${indicator.indicator} ${indicator.unit} ${indicator.id}`,
    );
    return terms.every((term) => own.some((word) => matchesWord(word, term)));
  });
  // Methods named by the words typed first: "IPCC 2021 climate change" puts IPCC 2021 before
  // the methods whose categories merely cite it. A stable sort keeps the order otherwise.
  return matching
    .map((indicator, at) => ({ indicator, at, rank: methodRelevance(indicator.method, terms) }))
    .sort((a, b) => b.rank - a.rank || a.at - b.at)
    .map(({ indicator }) => indicator);
}

/** How many of the terms a method's own name holds: the catalogue lists those methods first. */
export function methodRelevance(method: string, terms: readonly string[]): number {
  const own = words(method);
  return terms.filter((term) => own.some((word) => matchesWord(word, term))).length;
}

/**
 * A term matches a word by its start ("clim" → "climate"), but a number or a one- or two-letter
 * term must be the whole word, so "GWP100" is not "GWP1000" and "H" is not every "h".
 */
function matchesWord(word: string, term: string): boolean {
  if (/\d$/.test(term)) return word === term || word === `v${term}`;
  if (term.length <= 2) return word === term;
  return word.startsWith(term);
}
