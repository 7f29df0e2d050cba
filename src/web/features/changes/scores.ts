import type { ChangeRow, ChangesSummary } from '../../../shared/api/schemas';
import { sourceOfVerdict } from '../../../shared/matching/words';
import {
  scoreMovesOf,
  type EntryScoreMove,
  type FollowedIndicator,
  type MoveSubject,
  type ScoreLookup,
} from '../../../shared/scores/moves';

/**
 * The rows that belong together: a split's rows (one per dataset it became) by the dataset of
 * the older release, and a merge's rows (one per dataset that became it) by the newer one.
 */
export interface RowGroups {
  splits: ReadonlyMap<number, readonly ChangeRow[]>;
  merges: ReadonlyMap<number, readonly ChangeRow[]>;
}

export function rowGroups(rows: readonly ChangeRow[]): RowGroups {
  const splits = new Map<number, ChangeRow[]>();
  const merges = new Map<number, ChangeRow[]>();
  for (const row of rows) {
    if (row.change === 'split' && row.from)
      splits.set(row.from.id, [...(splits.get(row.from.id) ?? []), row]);
    if (row.change === 'merged' && row.to)
      merges.set(row.to.id, [...(merges.get(row.to.id) ?? []), row]);
  }
  return { splits, merges };
}

/** Every dataset a row's dataset became: all of a split's, each with its share. */
function targetsOf(row: ChangeRow, groups: RowGroups) {
  const split = row.change === 'split' && row.from ? groups.splits.get(row.from.id) : undefined;
  const rows = split ?? [row];
  return rows.flatMap((part) =>
    part.to ? [{ datasetId: part.to.id, share: split ? part.share : null }] : [],
  );
}

/** What a row's scores compare, as the moves across releases read it. */
function subjectOf(row: ChangeRow, groups: RowGroups, changes: ChangesSummary): MoveSubject {
  return {
    sourceId: row.from?.id ?? null,
    targets: targetsOf(row, groups),
    change: row.change,
    fields: row.fields,
    byUser: false,
    source:
      row.change === 'new'
        ? ''
        : sourceOfVerdict(row, { change: row.change, steps: changes.reports }),
  };
}

/**
 * The datasets whose scores the rows shown need: each older dataset, and every dataset it
 * became (a split's successors on other pages too, for the share-weighted mix).
 */
export function rowDatasets(
  shown: readonly ChangeRow[],
  groups: RowGroups,
): { from: number[]; to: number[] } {
  const from = new Set<number>();
  const to = new Set<number>();
  for (const row of shown) {
    if (row.from) from.add(row.from.id);
    for (const target of targetsOf(row, groups)) to.add(target.datasetId);
  }
  return { from: [...from], to: [...to] };
}

/** The splits among the rows shown, and how many datasets they became: all are scored. */
export function splitsShown(
  shown: readonly ChangeRow[],
  groups: RowGroups,
): { splits: number; datasets: number } {
  const sources = new Set(
    shown.flatMap((row) => (row.change === 'split' && row.from ? [row.from.id] : [])),
  );
  let datasets = 0;
  for (const id of sources) datasets += groups.splits.get(id)?.length ?? 0;
  return { splits: sources.size, datasets };
}

/**
 * How each chosen indicator's score moved for one row: the older dataset scored with the
 * indicator's counterpart, the newer one (a split's every part, and their mix), and the class.
 */
export function rowMoves(
  row: ChangeRow,
  changes: ChangesSummary,
  groups: RowGroups,
  followed: readonly FollowedIndicator[],
  score: ScoreLookup,
): EntryScoreMove[] {
  return scoreMovesOf(
    subjectOf(row, groups, changes),
    { from: changes.from, to: changes.to },
    followed,
    score,
  );
}
