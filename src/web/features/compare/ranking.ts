type Direction = 'desc' | 'asc';
export interface Rank {
  indicatorId: number;
  direction: Direction;
}

/** A header's next state when pressed: none → largest first → smallest first → none. */
export function nextRank(current: Rank | undefined, indicatorId: number): Rank | undefined {
  if (current?.indicatorId !== indicatorId) return { indicatorId, direction: 'desc' };
  return current.direction === 'desc' ? { indicatorId, direction: 'asc' } : undefined;
}

/**
 * The columns ranked by one indicator's score (all in that indicator's unit, so comparable);
 * columns without a score for it go last, in their own order.
 */
export function rankColumns<C>(
  columns: readonly C[],
  value: (column: C, indicatorId: number) => number | undefined,
  rank: Rank | undefined,
): C[] {
  if (!rank) return [...columns];
  const sign = rank.direction === 'desc' ? -1 : 1;
  return [...columns].sort((a, b) => {
    const x = value(a, rank.indicatorId);
    const y = value(b, rank.indicatorId);
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return sign * (x - y);
  });
}

/**
 * Relative view: a value as a percentage of the baseline dataset's value in the same row, or,
 * without a baseline, of the row's largest absolute value.
 */
export function relativeShare(
  value: number,
  row: readonly (number | undefined)[],
  baselineValue: number | undefined,
  hasBaseline: boolean,
): number | undefined {
  if (hasBaseline) return baselineValue ? (value / Math.abs(baselineValue)) * 100 : undefined;
  const largest = Math.max(0, ...row.map((v) => Math.abs(v ?? 0)));
  return largest > 0 ? (value / largest) * 100 : undefined;
}

const percent = new Intl.NumberFormat('en', { maximumSignificantDigits: 3 });
export const formatPercent = (share: number) => `${percent.format(share)} %`;

/** The table's rows: indicators by method › category › indicator, as the table and its exports list them. */
export function tableRows<T extends { method: string; category: string; indicator: string }>(
  indicators: readonly T[],
): T[] {
  return [...indicators].sort(
    (a, b) =>
      a.method.localeCompare(b.method) ||
      a.category.localeCompare(b.category) ||
      a.indicator.localeCompare(b.indicator),
  );
}

/**
 * One dataset has no other in its row to be measured against, so every bar would be full and
 * every relative value 100 %. Its values are measured against the largest of its indicators in
 * the same unit instead (across methods, the same thing rated by each): the largest absolute
 * value per unit.
 */
export function largestPerUnit(
  indicators: readonly { id: number; unit: string }[],
  value: (indicatorId: number) => number | undefined,
): Map<string, number> {
  const largest = new Map<string, number>();
  for (const indicator of indicators) {
    const v = Math.abs(value(indicator.id) ?? 0);
    largest.set(indicator.unit, Math.max(largest.get(indicator.unit) ?? 0, v));
  }
  return largest;
}
