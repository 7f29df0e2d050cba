import { GEOGRAPHIES } from './geography-names';

/** "Germany (DE)": how the data service names a geography, and the only form it filters by. */
const displayName = (code: string, name: string) => `${name} (${code})`;

const KNOWN = GEOGRAPHIES.map(([code, name]) => ({ code, name, display: displayName(code, name) }));
const fold = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
/** Each display name and code folded once, not on every key typed in a chooser for each. */
const FOLDED = new Map(
  KNOWN.map((geography) => [
    geography.display,
    { display: fold(geography.display), code: fold(geography.code) },
  ]),
);
function folded(display: string): { display: string; code: string | undefined } {
  const known = FOLDED.get(display);
  if (known) return known;
  const parts = split(display);
  return { display: fold(display), code: parts ? fold(parts.code) : undefined };
}

/** A display name's code and name back: "Mexico (MX)" → MX, Mexico. */
function split(display: string) {
  const match = /^(.*) \(([^()]+)\)$/.exec(display);
  return match ? { name: match[1] ?? display, code: match[2] ?? display } : undefined;
}

/**
 * What a user typed as the display name the data service filters by: a code ("de", "RoW"), a
 * name in any case ("germany", "Côte d'Ivoire" without its accent) or a display name in any case
 * ("france (fr)"). Anything else is sent as typed. `seen` adds display names met in answers.
 */
export function resolveGeography(input: string, seen: readonly string[] = []): string {
  const typed = fold(input);
  if (typed === '') return '';
  const extra = seen.flatMap((display) => {
    const parts = split(display);
    return parts ? [{ ...parts, display }] : [];
  });
  const all = [...KNOWN, ...extra];
  const found =
    all.find((geography) => fold(geography.display) === typed) ??
    all.find((geography) => fold(geography.code) === typed) ??
    all.find((geography) => fold(geography.name) === typed);
  return found?.display ?? input.trim();
}

/**
 * How well a geography's display name answers what is typed: 0 its code exactly ("ch" →
 * Switzerland (CH)), 1 its name starts with it, 2 it contains it, 3 not at all. Every geography
 * chooser orders its options by this, so the place meant comes first, not "China, East Grid".
 */
export function geographyRank(display: string, typed: string): number {
  return rankFolded(display, fold(typed));
}

/** `geographyRank` with what was typed already folded. */
function rankFolded(display: string, text: string): number {
  if (text === '') return 0;
  const forms = folded(display);
  if (forms.code === text) return 0;
  if (forms.display.startsWith(text)) return 1;
  return forms.display.includes(text) ? 2 : 3;
}

/**
 * The picker's suggestions for what is typed: exact codes first, then names that start with it,
 * then any that contain it, at most `limit`; with nothing typed, the geographies of the results
 * shown (`seen`) first.
 */
export function suggestGeographies(input: string, seen: readonly string[], limit = 30): string[] {
  const known = KNOWN.map((geography) => geography.display);
  const text = fold(input);
  if (text === '') return [...new Set([...seen, ...known])].slice(0, limit);
  const displays = [...new Set([...known, ...seen])];
  return displays
    .map((display) => ({ display, rank: rankFolded(display, text) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.display.localeCompare(b.display))
    .slice(0, limit)
    .map((entry) => entry.display);
}
