import type { HistoryEntry } from '../../../shared/api/schemas';
import { citeDatasets } from '../../../shared/citation';
import { sharePercent } from '../../../shared/matching/words';
import { NO_SCORE } from '../../../shared/scores/no-score';
import { spoldFileName } from '../../../shared/scores/table';
import { formatChange } from '../../lib/change';
import type { Report, ReportChart, ReportTable } from '../../lib/report/model';
import { historyProvenance } from './across-releases';
import { noScoreText, type ScoreRow } from './score-cells';

export interface HistoryReportInput {
  id: number;
  /** The dataset's activity in the release viewed, where known. */
  activity: string | null;
  base: string;
  systemModel: string;
  /** Newest first, as the page lists them. */
  entries: readonly HistoryEntry[];
  /** The score rows as the page shows them. */
  rows: readonly ScoreRow[];
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
  link: string;
  made?: Date;
}

/** The dataset followed in each release shown, cited in that release, newest first. */
export function historyCitation(
  input: Pick<HistoryReportInput, 'entries' | 'systemModel' | 'releaseDate'>,
  accessed: Date,
) {
  return citeDatasets(
    input.entries.flatMap((entry) =>
      entry.dataset
        ? [
            {
              release: { version: entry.version, systemModel: input.systemModel },
              releaseDate: input.releaseDate(entry.version),
              dataset: entry.dataset,
              accessed,
            },
          ]
        : [],
    ),
  );
}

const rowName = (row: ScoreRow) =>
  `${row.indicator.method} › ${row.indicator.category} › ${row.indicator.indicator} (${row.indicator.id})`;

/** The scores as the page's table has them, a line per indicator and release, a split's parts below. */
function scoresTable(rows: readonly ScoreRow[], base: string): ReportTable {
  return {
    title: 'Scores',
    header: ['Indicator', 'Release', 'Scored on', 'Score', `Change from ${base}`, 'Class', 'Why'],
    rows: rows.flatMap((row) =>
      row.cells.flatMap((cell) => {
        const main = [
          rowName(row),
          cell.version,
          cell.indicatorId === null
            ? 'no counterpart'
            : `${cell.indicatorId}${cell.indicatorId === row.indicator.id ? '' : ' (counterpart)'}`,
          cell.score ?? noScoreText(cell),
          cell.version === base ? 'base' : formatChange(cell.change),
          cell.class?.class ?? '',
          cell.class?.why ?? '',
        ];
        const parts = cell.parts.map((part) => [
          '',
          `${cell.version}: ${cell.mix ? 'part' : 'source'} ${part.datasetId}${part.share === null ? '' : ` (${sharePercent(part.share)} %)`}`,
          '',
          part.score ?? (part.score === null ? NO_SCORE : 'Not loaded'),
          '',
          '',
          part.datasetId === cell.datasetId && !cell.mix ? 'the one compared' : '',
        ]);
        return [main, ...parts];
      }),
    ),
    widths: [2.6, 1, 1.1, 1.6, 1.1, 1.4, 3.2],
  };
}

/**
 * A dataset's history as a static report: the dataset in each release, its scores in each with
 * the change from the release viewed and its class and why (exact numbers, the words of a cell
 * without one), a chart per indicator of its score in each release, where the numbers came from
 * and the citations. Only what the page has loaded: nothing here asks for a score.
 */
export function historyReport(input: HistoryReportInput): Report {
  const { id, base, systemModel, entries, rows, licenceHolder, link, made = new Date() } = input;
  const name = input.activity ?? `Dataset ${id}`;
  // Bars in the indicator's unit: a release scored on a counterpart of another unit has none.
  const charts: ReportChart[] = rows
    .map((row) => ({
      title: `${rowName(row)}, in each release (the page charts it as % of ${base})`,
      unit: row.indicator.unit,
      bars: [...row.cells].reverse().flatMap((cell) => {
        const unit = cell.counterpart?.counterpart?.indicator.unit ?? row.indicator.unit;
        return typeof cell.score === 'number' && unit === row.indicator.unit
          ? [{ label: cell.mix ? `${cell.version} (mix)` : cell.version, value: cell.score }]
          : [];
      }),
    }))
    .filter((chart) => chart.bars.length > 0);
  return {
    title: `${name} across releases`,
    subtitle: `Dataset ID ${id} in ecoinvent ${base} ${systemModel}, followed into ${entries.length} releases: ${entries.map((e) => e.version).join(', ')}`,
    releases: entries.map((entry) => ({ version: entry.version, systemModel })),
    licenceHolder,
    link,
    made,
    tables: [
      {
        title: 'In each release',
        header: ['Release', 'Dataset ID', 'Change', 'Activity', 'Geography', 'Reference product'],
        rows: entries.map((entry) => [
          entry.version,
          entry.dataset ? String(entry.dataset.id) : 'none',
          entry.version === base ? 'the release viewed' : (entry.change ?? ''),
          entry.dataset?.activity ?? '',
          entry.dataset?.geography ?? '',
          entry.dataset
            ? `${entry.dataset.product ?? 'not given'} (${entry.dataset.unit ?? 'unit not given'})`
            : '',
        ]),
        widths: [0.9, 1, 1.3, 3, 1.6, 2.4],
      },
      ...(rows.length > 0 ? [scoresTable(rows, base)] : []),
    ],
    charts,
    provenance: [
      ...entries.flatMap((entry): [string, string][] =>
        entry.dataset
          ? [
              [
                `Dataset in ${entry.version}`,
                `ID ${entry.dataset.id}; ecoSpold file ${spoldFileName(entry.dataset) ?? 'not given'}`,
              ],
            ]
          : [],
      ),
      ...historyProvenance(rows),
    ],
    citation: historyCitation(input, made),
  };
}
