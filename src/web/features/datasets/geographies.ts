import { GEOGRAPHIES } from './geography-names';

/** "Germany (DE)": how the data service names a geography, and the only form it filters by. */
export const displayName = (code: string, name: string) => `${name} (${code})`;

const KNOWN = GEOGRAPHIES.map(([code, name]) => ({ code, name, display: displayName(code, name) }));
const fold = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

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
 * The picker's suggestions for what is typed: exact codes first, then names that start with it,
 * then any that contain it, at most `limit`.
 */
export function suggestGeographies(input: string, seen: readonly string[], limit = 30): string[] {
  const typed = fold(input);
  const displays = [...new Set([...KNOWN.map((geography) => geography.display), ...seen])];
  if (typed === '') return displays.slice(0, limit);
  const rank = (display: string) => {
    const parts = split(display);
    if (parts && fold(parts.code) === typed) return 0;
    if (fold(display).startsWith(typed)) return 1;
    return fold(display).includes(typed) ? 2 : 3;
  };
  return displays
    .map((display) => ({ display, rank: rank(display) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.display.localeCompare(b.display))
    .slice(0, limit)
    .map((entry) => entry.display);
}
