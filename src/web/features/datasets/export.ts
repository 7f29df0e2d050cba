import type { Dataset } from '../../../shared/api/schemas';
import { scoresCsv } from '../scores/csv';

/** One row per score, with the dataset's identity on every row and the exact values. */
export function scoresToCsv(
  dataset: Dataset,
  context: { version: string; systemModel: string },
): string {
  return scoresCsv(
    context,
    dataset.impact_scores.map((score) => ({ dataset, indicator: score, score: score.score })),
  );
}
