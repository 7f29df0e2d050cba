import type { Dataset, ImpactScore } from '../../../shared/api/schemas';

export type Direction = 'desc' | 'asc';
export interface Rank {
  indicatorId: number;
  direction: Direction;
}

type Scores = ReadonlyMap<number, ReadonlyMap<number, ImpactScore>>;

/** A header's next state when pressed: none → largest first → smallest first → none. */
export function nextRank(current: Rank | undefined, indicatorId: number): Rank | undefined {
  if (current?.indicatorId !== indicatorId) return { indicatorId, direction: 'desc' };
  return current.direction === 'desc' ? { indicatorId, direction: 'asc' } : undefined;
}

/**
 * The datasets ranked by one indicator's score (all in that indicator's unit, so comparable);
 * datasets without a score for it go last, in their own order.
 */
export function rankDatasets(
  datasets: readonly Dataset[],
  scores: Scores,
  rank: Rank | undefined,
): Dataset[] {
  if (!rank) return [...datasets];
  const value = (dataset: Dataset) => scores.get(dataset.id)?.get(rank.indicatorId)?.score;
  const sign = rank.direction === 'desc' ? -1 : 1;
  return [...datasets].sort((a, b) => {
    const x = value(a);
    const y = value(b);
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
