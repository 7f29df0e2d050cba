import type { UpgradeResult } from '../../../shared/api/schemas';
import { percentChange } from '../../../shared/scores/score-change';
import type { ReleaseScores, ScoreAnswers } from '../scores/answers';

/**
 * The datasets whose scores a mapping compares: each entry's dataset in the source release and
 * its new dataset in the target (the one the user chose where there were several).
 */
export function scoredDatasets(
  results: readonly UpgradeResult[],
  chosen: ReadonlyMap<number, number> = new Map(),
): { from: number[]; to: number[] } {
  const from = new Set<number>();
  const to = new Set<number>();
  for (const result of results) {
    const target = chosen.get(result.line) ?? result.target?.id;
    if (!result.source || target === undefined) continue;
    from.add(result.source.id);
    to.add(target);
  }
  return { from: [...from], to: [...to] };
}

/** The scores loaded for a check, by release version (a check is within one system model). */
export interface ScoreTable {
  of: (version: string) => ReleaseScores;
}

export const scoreTable = (answers: ScoreAnswers, systemModel: string): ScoreTable => ({
  of: (version) => answers.of({ version, systemModel }),
});

export interface ScoreMove {
  indicatorId: number;
  before: number | undefined;
  after: number | undefined;
  /** In per cent of `before`; null where it cannot be said. */
  change: number | null;
}

/** How each indicator's score moved for one entry, from its old dataset to its new one. */
export function scoreMoves(
  result: UpgradeResult,
  context: { from: string; to: string; chosen?: number | undefined },
  indicatorIds: readonly number[],
  table: ScoreTable,
): ScoreMove[] {
  const target = context.chosen ?? result.target?.id;
  return indicatorIds.map((indicatorId) => {
    const score = (version: string, id: number | undefined) =>
      id === undefined ? undefined : table.of(version).scores.get(id)?.get(indicatorId)?.score;
    const before = score(context.from, result.source?.id);
    const after = score(context.to, target);
    return { indicatorId, before, after, change: percentChange(before, after) };
  });
}
