/**
 * Names as people and releases write them differ in case, spacing, dashes and quotes; these
 * differences never make another dataset, so names are compared without them. Anything else
 * (a word, a digit, "EURO5" against "EURO 5") counts: that is a rename.
 */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201b`´]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();
}

/**
 * Every way a geography may be written in a list: its display name as the API gives it
 * ("Mexico (MX)"), its name ("Mexico") or its code ("MX"), all normalised.
 */
export function geographyAliases(display: string): string[] {
  const full = normaliseName(display);
  const parts = /^(.*)\(([^()]+)\)$/.exec(display.trim());
  if (!parts?.[1] || !parts[2]) return [full];
  return [...new Set([full, normaliseName(parts[1]), normaliseName(parts[2])])];
}

/**
 * A geography's short name (its code) from the display name the API gives: `Mexico (MX)` →
 * `MX`, `Rest-of-World (RoW)` → `RoW`; text without one is taken as the short name itself.
 */
export function geographyCode(display: string): string {
  const parts = /\(([^()]+)\)\s*$/.exec(display);
  return (parts?.[1] ?? display).trim();
}
