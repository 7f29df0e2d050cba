import { MAX_INDICATORS_PER_CALL, MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import type { Dataset, ImpactScore } from '../../../shared/api/schemas';

export interface BatchCall {
  dataset_ids: number[];
  indicator_ids: number[];
  /** Each call asks for exactly its datasets in one page, so none is left on a second page. */
  limit: number;
}

/**
 * Splits a comparison into as few `POST /api/datasets/batch` calls as the limits allow: a page
 * returns at most 100 datasets and a call takes at most 100 indicators, so datasets go in chunks
 * of 100 and indicators in chunks of 100, one call per pair of chunks.
 */
export function planBatches(
  datasetIds: readonly number[],
  indicatorIds: readonly number[],
): BatchCall[] {
  const datasets = [...new Set(datasetIds)];
  const indicators = [...new Set(indicatorIds)];
  const chunk = <T>(list: readonly T[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
      list.slice(i * size, i * size + size),
    );
  const calls: BatchCall[] = [];
  for (const ds of chunk(datasets, MAX_PAGE_LIMIT)) {
    for (const ind of indicators.length > 0 ? chunk(indicators, MAX_INDICATORS_PER_CALL) : [[]]) {
      calls.push({ dataset_ids: ds, indicator_ids: ind, limit: ds.length });
    }
  }
  return calls;
}

export interface MergedComparison {
  datasets: Map<number, Dataset>;
  /** Scores by dataset, then indicator. */
  scores: Map<number, Map<number, ImpactScore>>;
  /** Asked for, but not in this release. */
  missing: number[];
}

/** Puts the answers of every call back together: each dataset once, with all its scores. */
export function mergeBatches(
  datasetIds: readonly number[],
  answers: readonly { datasets: readonly Dataset[] }[],
): MergedComparison {
  const datasets = new Map<number, Dataset>();
  const scores = new Map<number, Map<number, ImpactScore>>();
  for (const answer of answers) {
    for (const dataset of answer.datasets) {
      if (!datasets.has(dataset.id)) datasets.set(dataset.id, { ...dataset, impact_scores: [] });
      const byIndicator = scores.get(dataset.id) ?? new Map<number, ImpactScore>();
      for (const score of dataset.impact_scores) byIndicator.set(score.id, score);
      scores.set(dataset.id, byIndicator);
    }
  }
  return { datasets, scores, missing: [...new Set(datasetIds)].filter((id) => !datasets.has(id)) };
}
