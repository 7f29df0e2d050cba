/**
 * How many of `items` are of each kind in `kinds`: every kind present, one never seen at 0, so
 * a page or an answer can show "0 split" rather than leave the kind out.
 */
export function tally<K extends string>(
  kinds: readonly K[],
  items: Iterable<K>,
): Record<K, number> {
  const counts = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<K, number>;
  for (const item of items) counts[item]++;
  return counts;
}
