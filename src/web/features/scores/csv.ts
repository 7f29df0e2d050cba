import type { Dataset } from '../../../shared/api/schemas';
import { SCORES_FORMAT, SCORES_HEADER, scoreCells } from '../../../shared/scores/table';
import type { ReleaseRef } from '../../../shared/versions';
import { NO_SCORE_NOTE } from '../../../shared/scores/no-score';
import { tableToCsv, type ExportTable } from '../../lib/table-export';

/** One score of an export: a dataset, an indicator and the score, of one release. */
export interface ScoreCsvRow {
  dataset: Pick<Dataset, 'id' | 'activity' | 'product' | 'geography' | 'unit'>;
  indicator: { id: number; method: string; category: string; indicator: string; unit: string };
  /** The exact score, or '' where the data service has none. */
  score: number | '';
  /** The row's own release, where the rows are of several (else the table's). */
  release?: ReleaseRef;
}

/**
 * The explorer's one layout for scores (src/shared/scores/table.ts), in CSV and in a workbook
 * alike, as the command line writes it too: where the data service gave no score, the cell is
 * empty (never 0) and `score_note` says so.
 */
export function scoresTable(
  context: ReleaseRef,
  rows: readonly ScoreCsvRow[],
  sheet = 'Scores',
): ExportTable {
  return {
    sheet,
    header: [...SCORES_HEADER],
    rows: rows.map(({ dataset, indicator, score, release }) =>
      scoreCells({
        release: release ?? context,
        dataset,
        indicator,
        score: score === '' ? null : score,
      }),
    ),
    format: SCORES_FORMAT,
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
export function scoresCsv(context: ReleaseRef, rows: readonly ScoreCsvRow[]): string {
  return tableToCsv(scoresTable(context, rows));
}
