import type { Provenance } from '../../../shared/api/provenance';
import type { Dataset } from '../../../shared/api/schemas';
import { SCORES_FORMAT, SCORES_HEADER, scoreCells } from '../../../shared/scores/table';
import type { ReleaseRef } from '../../../shared/versions';
import { tableToCsv, type ExportTable } from '../../lib/table-export';

/** One score of an export: a dataset, an indicator and the score, of one release. */
export interface ScoreCsvRow {
  dataset: Pick<Dataset, 'id' | 'activity' | 'product' | 'geography' | 'unit'> &
    Partial<Pick<Dataset, 'activity_spold_uuid' | 'product_spold_uuid'>>;
  indicator: { id: number; method: string; category: string; indicator: string; unit: string };
  /** The exact score, or '' where the data service has none. */
  score: number | '';
  /** The row's own release, where the rows are of several (else the table's). */
  release?: ReleaseRef;
  /**
   * The answer the value came from (`ImpactScore.provenance`, or `ReleaseScores.provenance` for
   * a score not given): its cells stay empty without it.
   */
  provenance?: Provenance | undefined;
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
    rows: rows.map(({ dataset, indicator, score, release, provenance }) =>
      scoreCells({
        release: release ?? context,
        dataset,
        indicator,
        score: score === '' ? null : score,
        provenance,
      }),
    ),
    format: SCORES_FORMAT,
  };
}

/** The same scores as CSV. */
export function scoresCsv(context: ReleaseRef, rows: readonly ScoreCsvRow[]): string {
  return tableToCsv(scoresTable(context, rows));
}
