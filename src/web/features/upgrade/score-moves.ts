import type { UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import {
  entryDatasets,
  entryScoreMoves,
  type EntryScoreMove,
  type FollowedIndicator,
} from '../../../shared/scores/moves';
import { scoreLookup, type ReleaseScores, type ScoreAnswers } from '../scores/answers';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/**
 * The datasets whose scores a mapping compares: each entry's dataset in the source release and
 * every dataset it maps to in the target (all successors of a split, or the one the user chose).
 */
export function scoredDatasets(
  results: readonly UpgradeResult[],
  chosen: ReadonlyMap<number, number> = new Map(),
): { from: number[]; to: number[] } {
  const from = new Set<number>();
  const to = new Set<number>();
  for (const result of results) {
    const { before, after } = entryDatasets(result, chosen.get(result.line));
    if (before.length === 0 || after.length === 0) continue;
    for (const id of before) from.add(id);
    for (const id of after) to.add(id);
  }
  return { from: [...from], to: [...to] };
}

/** The entries that split, and how many datasets they became: all are scored. */
export function splitsScored(
  results: readonly UpgradeResult[],
  chosen: ReadonlyMap<number, number>,
): { entries: number; datasets: number } {
  const splits = results.filter(
    (result) => result.source && !chosen.has(result.line) && result.successors.length > 1,
  );
  return {
    entries: splits.length,
    datasets: new Set(splits.flatMap((result) => result.successors.map((s) => s.dataset.id))).size,
  };
}

/** The scores loaded for a check, by release version (a check is within one system model). */
export interface ScoreTable {
  of: (version: string) => ReleaseScores;
}

export const scoreTable = (answers: ScoreAnswers, systemModel: string): ScoreTable => ({
  of: (version) => answers.of({ version, systemModel }),
});

/**
 * How each chosen indicator's score moved for one entry (src/shared/scores/moves.ts): the
 * indicator's counterpart scored in the older release, every dataset the entry maps to scored,
 * a split's share-weighted mix, and the class of the change.
 */
export function upgradeMoves(
  result: UpgradeResult,
  check: Ready,
  chosen: ReadonlyMap<number, number>,
  followed: readonly FollowedIndicator[],
  table: ScoreTable,
): EntryScoreMove[] {
  return entryScoreMoves(
    result,
    { from: check.from, to: check.to, chosen: chosen.get(result.line), steps: check.reports },
    followed,
    scoreLookup(({ version }) => table.of(version), check.system_model),
  );
}
