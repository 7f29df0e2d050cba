import type { ChangeRow, Changes, Indicator } from '../../../shared/api/schemas';
import type { EntryScoreMove } from '../../../shared/scores/moves';
import { moveCells, moveColumns } from '../scores/move-columns';
import { filterChanges, type ChangeFilter } from '../../../shared/changes-list';
import { sharePercent, sourceOfVerdict } from '../../../shared/matching/words';
import { tableToCsv, type ExportTable, type PageExport } from '../../lib/table-export';

type Ready = Extract<Changes, { status: 'ready' }>;

/**
 * Scores loaded for some rows (the page shown): the indicators of the newer release, and each
 * row's moves (undefined for a row not scored).
 */
export interface ChangeScores {
  indicators: readonly Indicator[];
  moves: (row: ChangeRow) => EntryScoreMove[] | undefined;
  /** The rows scored, said in the Query sheet ("the 100 rows of page 3"). */
  scored: string;
}

/**
 * One row per change: both sides' IDs and names, where it comes from, its share; with scores,
 * per indicator the indicator scored in the older release, both scores, a split's mix, what
 * the change is against, the change and its class (the columns the upgrade check's mapping
 * has).
 */
function changesTable(
  changes: Ready,
  rows: readonly ChangeRow[],
  scores: ChangeScores | undefined,
): ExportTable {
  const side = (prefix: string) => [
    `${prefix}_id`,
    `${prefix}_activity`,
    `${prefix}_product`,
    `${prefix}_geography`,
    `${prefix}_unit`,
  ];
  const header = [
    'system_model',
    'change',
    ...side(changes.from),
    ...side(changes.to),
    'share_percent',
    'matched_by',
    'source',
    'changed_fields',
    'candidates',
    'activity_type',
    'isic_section',
    'sectors',
    ...(scores?.indicators ?? []).flatMap((i) => moveColumns(i.id, changes.from, changes.to)),
  ];
  const values = (ref: ChangeRow['from']) =>
    ref
      ? [ref.id, ref.activity ?? null, ref.product ?? null, ref.geography ?? null, ref.unit ?? null]
      : [null, null, null, null, null];
  return {
    sheet: 'Changes',
    format: 'lci-explorer.changes/1',
    header,
    rows: rows.map((row) => [
      changes.system_model,
      row.change,
      ...values(row.from),
      ...values(row.to),
      row.share === null ? null : sharePercent(row.share),
      row.how ?? null,
      row.change === 'new'
        ? null
        : sourceOfVerdict(row, { change: row.change, steps: changes.reports }),
      row.fields.join(' '),
      row.candidates.map((c) => c.dataset.id).join(' '),
      row.activity_type ?? null,
      row.isic_section ?? null,
      row.sectors.join('; '),
      ...(scores
        ? (() => {
            const moves = scores.moves(row);
            return scores.indicators.flatMap((_, i) => moveCells(moves?.[i], row.to?.id));
          })()
        : []),
    ]),
  };
}

export function changesToCsv(
  changes: Ready,
  rows: readonly ChangeRow[],
  scores?: ChangeScores,
): string {
  return tableToCsv(changesTable(changes, rows, scores));
}

/**
 * The changes the filters keep as an export, with the releases and filters that chose them:
 * every row of the whole list, not only the page shown.
 */
export function changesExport(
  changes: Ready,
  filter: ChangeFilter,
  link: string,
  scores?: ChangeScores,
): PageExport {
  const rows = filterChanges(changes.rows, filter);
  return {
    tables: [changesTable(changes, rows, scores)],
    query: {
      title: `What changed from ${changes.from} to ${changes.to} (${changes.system_model})`,
      link,
      fields: [
        ['Release', changes.to],
        ['Compared with', changes.from],
        ['System model', changes.system_model],
        ['Change', filter.change ?? 'any'],
        ['Sector', filter.sector ?? 'any'],
        ['ISIC section', filter.isicSection ?? 'any'],
        ['Activity type', filter.activityType ?? 'any'],
        ['Words', filter.q ?? ''],
        ['Changed datasets shown', rows.length],
        ['Changed datasets in all', changes.rows.length],
        ['Datasets with documentation unchanged (not listed)', changes.unchanged],
        [
          'Compared',
          'documentation only: a dataset whose documentation is unchanged may score differently',
        ],
        ['Indicators', (scores?.indicators ?? []).map((indicator) => indicator.id).join(', ')],
        ['Scores for', scores?.scored ?? 'none loaded'],
      ],
    },
  };
}
