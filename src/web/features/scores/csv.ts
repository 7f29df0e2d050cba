import type { Dataset } from '../../../shared/api/schemas';
import { tableToCsv, type ExportTable } from '../../lib/table-export';
import { NO_SCORE_NOTE } from './no-score';

/** One score of an export: a dataset, an indicator and the score. */
export interface ScoreCsvRow {
  dataset: Pick<Dataset, 'id' | 'activity' | 'product' | 'geography' | 'unit'>;
  indicator: { id: number; method: string; category: string; indicator: string; unit: string };
  /** The exact score, or '' where the data service has none. */
  score: number | '';
}

/**
 * The explorer's one layout for scores, in CSV and in a workbook alike: every row names its
 * release, dataset and indicator, the score is a number and its unit beside it; where the data
 * service gave none, the score is empty (never 0) and `score_note` says so.
 */
export function scoresTable(
  context: { version: string; systemModel: string },
  rows: readonly ScoreCsvRow[],
  sheet = 'Scores',
): ExportTable {
  return {
    sheet,
    header: [
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
      'score_note',
    ],
    rows: rows.map(({ dataset, indicator, score }) => [
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
      score === '' ? null : score,
      indicator.unit,
      score === '' ? NO_SCORE_NOTE : '',
    ]),
  };
}

/** A dataset as a JSON export writes it: a score not given is `null` with a `score_note`. */
export function datasetForJson(dataset: Dataset) {
  return {
    ...dataset,
    impact_scores: dataset.impact_scores.map((row) =>
      row.score === null ? { ...row, score_note: NO_SCORE_NOTE } : row,
    ),
  };
}

/** The same scores as CSV. */
export function scoresCsv(
  context: { version: string; systemModel: string },
  rows: readonly ScoreCsvRow[],
): string {
  return tableToCsv(scoresTable(context, rows));
}
