import type { Dataset } from '../../../shared/upstream';
import { toCsv } from '../../lib/files';

/** One row per score, with the dataset's identity on every row and the exact values. */
export function scoresToCsv(
  dataset: Dataset,
  context: { version: string; systemModel: string },
): string {
  const header = [
    'version',
    'system_model',
    'dataset_id',
    'activity',
    'product',
    'geography',
    'reference_unit',
    'indicator_id',
    'method',
    'category',
    'indicator',
    'score',
    'unit',
  ];
  const rows = dataset.impact_scores.map((score) => [
    context.version,
    context.systemModel,
    dataset.id,
    dataset.activity,
    dataset.product,
    dataset.geography,
    dataset.unit,
    score.id,
    score.method,
    score.category,
    score.indicator,
    score.score,
    score.unit,
  ]);
  return toCsv([header, ...rows]);
}
