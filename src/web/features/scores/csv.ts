import type { Dataset } from '../../../shared/api/schemas';
import { toCsv } from '../../lib/files';

/** One score of the CSV: a dataset, an indicator and the score. */
export interface ScoreCsvRow {
  dataset: Pick<Dataset, 'id' | 'activity' | 'product' | 'geography' | 'unit'>;
  indicator: { id: number; method: string; category: string; indicator: string; unit: string };
  /** The exact score, or '' where the data service has none. */
  score: number | '';
}

/** The explorer's one CSV layout for scores: every row names its release, dataset and indicator. */
export function scoresCsv(
  context: { version: string; systemModel: string },
  rows: readonly ScoreCsvRow[],
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
  return toCsv([
    header,
    ...rows.map(({ dataset, indicator, score }) => [
      context.version,
      context.systemModel,
      dataset.id,
      dataset.activity ?? '',
      dataset.product ?? '',
      dataset.geography ?? '',
      dataset.unit ?? '',
      indicator.id,
      indicator.method,
      indicator.category,
      indicator.indicator,
      score,
      indicator.unit,
    ]),
  ]);
}
