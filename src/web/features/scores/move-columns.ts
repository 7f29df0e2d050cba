import type { EntryScoreMove } from '../../../shared/scores/moves';

/**
 * One indicator's move across two releases as exports write it, beside a row of what became of
 * a dataset (the upgrade check's mapping, What changed): the same columns, in the same order and
 * words, wherever a file has them.
 */
export function moveColumns(indicatorId: number, from: string, to: string): string[] {
  return [
    `${indicatorId}_indicator_in_${from}`,
    `${indicatorId}_${from}`,
    `${indicatorId}_${to}`,
    `${indicatorId}_share_weighted_mix`,
    `${indicatorId}_change_against`,
    `${indicatorId}_change_percent`,
    `${indicatorId}_class`,
    `${indicatorId}_why`,
  ];
}

/**
 * The cells of `moveColumns`: the indicator scored in the older release, its score, the score
 * of the row's own dataset in the newer one (`own`: a split's part), the split's share-weighted
 * mix, what the change is computed against, the change and its class with why. Empty cells for
 * a row without a move (not scored).
 */
export function moveCells(
  move: EntryScoreMove | undefined,
  own: number | undefined,
): (string | number | null)[] {
  if (!move) return [null, null, null, null, null, null, null, null];
  const target = move.targets.find((each) => each.datasetId === own);
  return [
    move.beforeIndicatorId,
    move.before ?? null,
    target?.score ?? null,
    move.mix && move.mix.mix !== null ? move.mix.mix : null,
    move.targets.length > 0 ? move.against : null,
    move.change.percent,
    move.change.class,
    move.change.why,
  ];
}
