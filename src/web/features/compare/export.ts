import type { Provenance } from '../../../shared/api/provenance';
import type { ImpactScore, Indicator } from '../../../shared/api/schemas';
import type { ReleaseRef } from '../../config/routes';
import {
  provenanceFields,
  type ExportQuery,
  type ExportTable,
  type PageExport,
} from '../../lib/table-export';
import { scoresCsv, scoresTable, type ScoreCsvRow } from '../scores/csv';
import {
  followedText,
  releaseName,
  releasesOf,
  sameRelease,
  scoredOn,
  type Column,
  type Followed,
  type ShownColumn,
} from './columns';
import { rankColumns, tableRows, type Rank } from './ranking';

/** The layouts a comparison writes besides the shared scores layout, named in every file. */
const WIDE_FORMAT = 'lci-explorer.scores-wide/2';
const FOLLOWED_FORMAT = 'lci-explorer.indicators-followed/1';
const JSON_SCHEMA = 'lci-explorer.comparison/2';

export interface ComparisonExport {
  /** The page's release: the rows are its indicators. */
  shown: ReleaseRef;
  columns: readonly ShownColumn[];
  indicators: readonly Indicator[];
  value: (column: Column, indicatorId: number) => number | undefined;
  /** Where a column's score for a row came from; undefined where not known. */
  provenance?: ((column: Column, indicatorId: number) => Provenance | undefined) | undefined;
  followed: (release: ReleaseRef, indicatorId: number) => Followed | undefined;
  /** The table's ranking, which every export follows. */
  rank?: Rank | undefined;
}

/** Columns and rows in the table's order: columns as ranked, indicators as listed. */
function ordered(data: ComparisonExport) {
  return {
    columns: rankColumns(data.columns, data.value, data.rank),
    indicators: tableRows(data.indicators),
  };
}

/** A column as the query and the sheets name it: `8279`, or `8279 (3.12 · apos)` in another release. */
const columnName = (data: ComparisonExport, column: Column) =>
  sameRelease(column.release, data.shown)
    ? String(column.id)
    : `${column.id} (${releaseName(column.release)})`;

/**
 * One row per column × indicator, in the table's order, with exact values, each in its own
 * release and on the indicator it was scored on there. A row whose indicator has no counterpart
 * in a column's release has no score to write: it is in the indicators-followed table instead.
 */
function longRows(data: ComparisonExport): ScoreCsvRow[] {
  const { columns, indicators } = ordered(data);
  return columns.flatMap((column) =>
    indicators.flatMap((row) => {
      const indicator = scoredOn(data.followed(column.release, row.id));
      if (!indicator) return [];
      return [
        {
          dataset: column.dataset,
          indicator,
          score: data.value(column, row.id) ?? ('' as const),
          release: column.release,
          provenance: data.provenance?.(column, row.id),
        },
      ];
    }),
  );
}

export function comparisonToCsv(data: ComparisonExport): string {
  return scoresCsv(data.shown, longRows(data));
}

/** What a column of another release is scored on, where that is not the row's own indicator. */
function followedCell(data: ComparisonExport, column: Column, rows: readonly Indicator[]): string {
  if (sameRelease(column.release, data.shown)) return '';
  return rows
    .flatMap((row) => {
      const followed = data.followed(column.release, row.id);
      if (followed?.kind === 'same') return [];
      if (followed?.kind === 'counterpart')
        return [`${row.id} as ${followed.indicator.id} (${followed.basis})`];
      return [`${row.id}: ${followedText(followed, column.release, data.shown)}`];
    })
    .join('; ');
}

/**
 * The wide table: one row per column (in the table's order, each naming its release), one
 * column per indicator named in full with its unit and ID, as a spreadsheet's pivot would lay it
 * out; a last column says which indicators a row of another release was scored on instead.
 */
export function comparisonWideTable(data: ComparisonExport): ExportTable {
  const { columns, indicators } = ordered(data);
  return {
    sheet: 'Datasets × indicators',
    format: WIDE_FORMAT,
    header: [
      'version',
      'system_model',
      'dataset_id',
      'activity',
      'product',
      'geography',
      'reference_unit',
      ...indicators.map(
        (indicator) =>
          `${indicator.method} › ${indicator.category} › ${indicator.indicator} [${indicator.unit}] (${indicator.id})`,
      ),
      'indicators_followed',
    ],
    rows: columns.map((column) => [
      column.release.version,
      column.release.systemModel,
      column.dataset.id,
      column.dataset.activity ?? '',
      column.dataset.product ?? '',
      column.dataset.geography ?? '',
      column.dataset.unit ?? '',
      ...indicators.map((indicator) => data.value(column, indicator.id) ?? null),
      followedCell(data, column, indicators),
    ]),
  };
}

/**
 * Each indicator of the page's release in each other release of the comparison: its
 * counterpart there and how it was found, or none and why.
 */
function followedTable(data: ComparisonExport): ExportTable {
  const { indicators } = ordered(data);
  const others = releasesOf(data.columns).filter((release) => !sameRelease(release, data.shown));
  return {
    sheet: 'Indicators followed',
    format: FOLLOWED_FORMAT,
    header: [
      'version',
      'system_model',
      'row_indicator_id',
      'row_method',
      'row_category',
      'row_indicator',
      'indicator_id',
      'method',
      'category',
      'indicator',
      'unit',
      'basis',
      'differs',
      'note',
    ],
    rows: others.flatMap((release) =>
      indicators.map((row) => {
        const followed = data.followed(release, row.id);
        const indicator = scoredOn(followed);
        return [
          release.version,
          release.systemModel,
          row.id,
          row.method,
          row.category,
          row.indicator,
          indicator?.id ?? null,
          indicator?.method ?? '',
          indicator?.category ?? '',
          indicator?.indicator ?? '',
          indicator?.unit ?? '',
          followed?.kind === 'counterpart'
            ? followed.basis
            : followed?.kind === 'same'
              ? 'same ID'
              : '',
          followed?.kind === 'counterpart' ? followed.differs.join(' ') : '',
          followedText(followed, release, data.shown),
        ];
      }),
    ),
  };
}

/** The provenance of every value the comparison writes (a wide table's in its Query sheet). */
export function comparisonProvenance(data: ComparisonExport) {
  const { columns, indicators } = ordered(data);
  return provenanceFields(
    columns.flatMap((column) =>
      indicators.flatMap((row) =>
        scoredOn(data.followed(column.release, row.id)) ? [data.provenance?.(column, row.id)] : [],
      ),
    ),
  );
}

/** Whether the comparison spans more than the page's release. */
const spansReleases = (data: ComparisonExport) =>
  data.columns.some((column) => !sameRelease(column.release, data.shown));

/** The comparison's tables (long, wide, and across releases the indicators followed) and its query. */
export function comparisonExport(
  data: ComparisonExport,
  query: { link: string; fields: ExportQuery['fields'] },
): PageExport {
  const { columns, indicators } = ordered(data);
  const ranked =
    data.rank && indicators.find((indicator) => indicator.id === data.rank?.indicatorId);
  const releases = releasesOf(data.columns);
  return {
    tables: [
      scoresTable(data.shown, longRows(data)),
      comparisonWideTable(data),
      ...(spansReleases(data) ? [followedTable(data)] : []),
    ],
    query: {
      title: `Comparison of ${columns.length} datasets on ${indicators.length} indicators`,
      link: query.link,
      fields: [
        ['Release', data.shown.version],
        ['System model', data.shown.systemModel],
        ...(releases.length > 1 || spansReleases(data)
          ? [['Releases of the columns', releases.map(releaseName).join(', ')] as const]
          : []),
        ['Datasets, in this order', columns.map((column) => columnName(data, column)).join(', ')],
        ['Indicators', indicators.map((indicator) => indicator.id).join(', ')],
        [
          'Ranked by',
          ranked && data.rank
            ? `${ranked.method} › ${ranked.category} › ${ranked.indicator} (${ranked.id}), ${data.rank.direction === 'desc' ? 'largest' : 'smallest'} first`
            : 'not ranked: datasets in the order they were added',
        ],
        ...query.fields,
        ...comparisonProvenance(data),
      ],
    },
  };
}

export function comparisonToJson(data: ComparisonExport): string {
  const { columns, indicators } = ordered(data);
  const others = releasesOf(data.columns).filter((release) => !sameRelease(release, data.shown));
  return `${JSON.stringify(
    {
      schema: JSON_SCHEMA,
      version: data.shown.version,
      system_model: data.shown.systemModel,
      datasets: columns.map((column) => ({
        ...column.dataset,
        version: column.release.version,
        system_model: column.release.systemModel,
        impact_scores: indicators.flatMap((row): (ImpactScore & { row_indicator_id: number })[] => {
          const indicator = scoredOn(data.followed(column.release, row.id));
          const score = data.value(column, row.id);
          const provenance = data.provenance?.(column, row.id);
          return indicator && score !== undefined
            ? [{ ...indicator, score, row_indicator_id: row.id, ...(provenance && { provenance }) }]
            : [];
        }),
      })),
      indicators,
      indicators_followed: others.flatMap((release) =>
        indicators.map((row) => {
          const followed = data.followed(release, row.id);
          return {
            version: release.version,
            system_model: release.systemModel,
            row_indicator_id: row.id,
            indicator: scoredOn(followed) ?? null,
            basis:
              followed?.kind === 'counterpart'
                ? followed.basis
                : followed?.kind === 'same'
                  ? 'same ID'
                  : null,
            differs: followed?.kind === 'counterpart' ? followed.differs : [],
            candidates: followed?.kind === 'none' ? followed.candidates : [],
            note: followedText(followed, release, data.shown),
          };
        }),
      ),
    },
    null,
    2,
  )}\n`;
}
