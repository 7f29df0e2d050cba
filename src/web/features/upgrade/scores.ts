import { MAX_INDICATORS_PER_CALL, MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import type { DatasetPage, UpgradeResult } from '../../../shared/api/schemas';
import { percentChange } from '../../lib/change';

/** One batch call for scores: at most 100 datasets of one release and 100 indicators. */
export interface ScoreCall {
  version: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

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

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  );

/** The batch calls loading scores for both releases, in pages the proxy accepts. */
export function planScoreCalls(
  releases: readonly { version: string; ids: readonly number[] }[],
  indicatorIds: readonly number[],
): ScoreCall[] {
  if (indicatorIds.length === 0) return [];
  return releases.flatMap(({ version, ids }) =>
    chunk(ids, MAX_PAGE_LIMIT).flatMap((datasetIds) =>
      chunk(indicatorIds, MAX_INDICATORS_PER_CALL).map((indicators) => ({
        version,
        datasetIds,
        indicatorIds: indicators,
      })),
    ),
  );
}

/**
 * What loading the scores adds to this period's bill, per release: the data service charges
 * each release separately, while the proxy's ledger (`charged`) knows Dataset IDs only, so a
 * dataset charged in one release reads as charged in every release here — the figure is the
 * least the request may add.
 */
export function scoreBill(
  releases: readonly { version: string; ids: readonly number[] }[],
  indicatorIds: readonly number[],
  charged: { datasets: readonly number[]; indicators: readonly number[] } | undefined,
): { releases: { version: string; datasets: number }[]; indicators: number } {
  const datasets = new Set(charged?.datasets ?? []);
  const indicators = new Set(charged?.indicators ?? []);
  return {
    releases: releases.map(({ version, ids }) => ({
      version,
      datasets: ids.filter((id) => !datasets.has(id)).length,
    })),
    indicators: indicatorIds.filter((id) => !indicators.has(id)).length,
  };
}

/** Scores by release, dataset and indicator, from the answers of the score calls. */
export type ScoreTable = Map<string, Map<number, Map<number, number>>>;

export function scoreTable(answers: readonly { version: string; page: DatasetPage }[]): ScoreTable {
  const table: ScoreTable = new Map();
  for (const { version, page } of answers) {
    const release = table.get(version) ?? new Map<number, Map<number, number>>();
    for (const dataset of page.datasets) {
      const scores = release.get(dataset.id) ?? new Map<number, number>();
      for (const score of dataset.impact_scores) scores.set(score.id, score.score);
      release.set(dataset.id, scores);
    }
    table.set(version, release);
  }
  return table;
}

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
    const before = result.source
      ? table.get(context.from)?.get(result.source.id)?.get(indicatorId)
      : undefined;
    const after =
      target === undefined ? undefined : table.get(context.to)?.get(target)?.get(indicatorId);
    return { indicatorId, before, after, change: percentChange(before, after) };
  });
}
