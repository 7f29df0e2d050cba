import { citeDatasets } from '../../../shared/citation';
import { NO_SCORE } from '../../../shared/scores/no-score';
import { spoldFileName } from '../../../shared/scores/table';
import type { ReleaseRef } from '../../config/routes';
import { splitColumns, type Report, type ReportCell } from '../../lib/report/model';
import {
  followedText,
  releaseName,
  releasesOf,
  sameRelease,
  scoredOn,
  type Column,
} from './columns';
import { comparisonProvenance, type ComparisonExport } from './export';
import { rankColumns, tableRows } from './ranking';

/** Dataset columns per table of a report: more do not fit a page with their exact numbers. */
const COLUMNS_PER_TABLE = 4;

export interface ComparisonReportInput {
  data: ComparisonExport;
  /** Whether a column's score for a row was asked for (so a missing one is the service's). */
  loaded: (column: Column, indicatorId: number) => boolean;
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
  link: string;
  made?: Date;
}

/** A column as the report names it: `8279`, or `8279 (3.12 · apos)` in another release. */
const columnName = (shown: ReleaseRef, column: Column) =>
  sameRelease(column.release, shown)
    ? String(column.id)
    : `${column.id} (${releaseName(column.release)})`;

/** The datasets of a comparison cited, each in its own release, in the table's order. */
export function comparisonCitation(
  data: ComparisonExport,
  releaseDate: (version: string) => string | null,
  accessed: Date,
) {
  return citeDatasets(
    rankColumns(data.columns, data.value, data.rank).map((column) => ({
      release: column.release,
      releaseDate: releaseDate(column.release.version),
      dataset: column.dataset,
      accessed,
    })),
  );
}

/**
 * A comparison's static report: the datasets, the table as the page shows it (exact values, the
 * words of a cell without a number), each row's values as a bar chart as the cells draw them,
 * how each row's indicator was followed into another release, where the numbers came from and
 * the datasets' citations. Only what the page has loaded: nothing here asks for a score.
 */
export function comparisonReport(input: ComparisonReportInput): Report {
  const { data, loaded, releaseDate, licenceHolder, link, made = new Date() } = input;
  const { shown } = data;
  const columns = rankColumns(data.columns, data.value, data.rank);
  const rows = tableRows(data.indicators);
  const name = (column: Column) => columnName(shown, column);
  const cell = (column: Column, rowId: number): ReportCell => {
    const value = data.value(column, rowId);
    if (value !== undefined) return value;
    const followed = data.followed(column.release, rowId);
    if (!scoredOn(followed)) return followedText(followed, column.release, shown);
    return loaded(column, rowId) ? NO_SCORE : 'Not loaded';
  };
  const others = releasesOf(columns).filter((release) => !sameRelease(release, shown));
  const scores = {
    title: 'Scores',
    header: ['Indicator', 'Unit', ...columns.map(name)],
    rows: rows.map((row) => [
      `${row.method} › ${row.category} › ${row.indicator} (${row.id})`,
      row.unit,
      ...columns.map((column) => cell(column, row.id)),
    ]),
    widths: [3, 1.2, ...columns.map(() => 1.6)],
  };
  return {
    title: `Comparison of ${columns.length} datasets on ${rows.length} indicators`,
    subtitle: `Rows: indicators of ecoinvent ${shown.version} ${shown.systemModel}; columns: datasets, each in its own release${
      data.rank ? '; ranked as the page shows them' : ''
    }`,
    releases: releasesOf(columns),
    licenceHolder,
    link,
    made,
    tables: [
      {
        title: 'Datasets',
        header: ['Column', 'Release', 'Activity', 'Geography', 'Reference product'],
        rows: columns.map((column) => [
          name(column),
          releaseName(column.release),
          column.dataset.activity ?? 'not given',
          column.dataset.geography ?? 'not given',
          `${column.dataset.product ?? 'not given'} (${column.dataset.unit ?? 'unit not given'})`,
        ]),
        widths: [1.2, 1.2, 3, 1.6, 2.4],
      },
      ...splitColumns(scores, 2, COLUMNS_PER_TABLE),
      ...(others.length > 0
        ? [
            {
              title: 'Indicators followed into other releases',
              header: ['Indicator', 'Release', 'Scored there on'],
              rows: others.flatMap((release) =>
                rows.map((row) => [
                  `${row.method} › ${row.category} › ${row.indicator} (${row.id})`,
                  releaseName(release),
                  followedText(data.followed(release, row.id), release, shown),
                ]),
              ),
              widths: [3, 1.2, 4],
            },
          ]
        : []),
    ],
    // As the cells draw them: a bar per dataset in each row, all in the row's unit (a value
    // scored on a counterpart of another unit has no bar beside the others).
    charts: rows
      .map((row) => ({
        title: `${row.method} › ${row.category} › ${row.indicator} (${row.id})`,
        unit: row.unit,
        bars: columns.flatMap((column) => {
          const value = data.value(column, row.id);
          const unit = scoredOn(data.followed(column.release, row.id))?.unit;
          return value === undefined || unit !== row.unit ? [] : [{ label: name(column), value }];
        }),
      }))
      .filter((chart) => chart.bars.length > 0),
    provenance: [
      ...columns.map((column): [string, string] => [
        `Dataset ${name(column)}`,
        `ecoinvent ${releaseName(column.release)}; activity UUID ${column.dataset.activity_spold_uuid ?? 'not given'}; product UUID ${column.dataset.product_spold_uuid ?? 'not given'}; ecoSpold file ${spoldFileName(column.dataset) ?? 'not given'}`,
      ]),
      ...comparisonProvenance(data),
    ],
    citation: comparisonCitation(data, releaseDate, made),
  };
}
