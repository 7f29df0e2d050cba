import type { Dataset, Indicator } from '../../../shared/api/schemas';
import type { GivenScore } from '../scores/answers';
import type { ExportQuery, ExportTable, PageExport } from '../../lib/table-export';
import { scoresCsv, scoresTable } from '../scores/csv';
import { rankDatasets, tableRows, type Rank } from './ranking';

export interface ComparisonExport {
  version: string;
  systemModel: string;
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, GivenScore>>;
  /** The table's ranking, which every export follows. */
  rank?: Rank | undefined;
}

/** Datasets and indicators in the table's order: datasets as ranked, indicators as listed. */
function ordered(data: ComparisonExport) {
  return {
    datasets: rankDatasets(data.datasets, data.scores, data.rank),
    indicators: tableRows(data.indicators),
  };
}

const scoreOf = (data: ComparisonExport, dataset: Dataset, indicator: Indicator) =>
  data.scores.get(dataset.id)?.get(indicator.id)?.score;

/** One row per dataset × indicator, in the table's order, with exact values. */
function longRows(data: ComparisonExport) {
  const { datasets, indicators } = ordered(data);
  return datasets.flatMap((dataset) =>
    indicators.map((indicator) => ({
      dataset,
      indicator,
      score: scoreOf(data, dataset, indicator) ?? ('' as const),
    })),
  );
}

export function comparisonToCsv(data: ComparisonExport): string {
  return scoresCsv(data, longRows(data));
}

/**
 * The wide table: one row per dataset (in the table's order), one column per indicator named
 * in full with its unit and ID, as a spreadsheet's pivot would lay it out.
 */
export function comparisonWideTable(data: ComparisonExport): ExportTable {
  const { datasets, indicators } = ordered(data);
  return {
    sheet: 'Datasets × indicators',
    format: 'lci-explorer.scores-wide/1',
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
    ],
    rows: datasets.map((dataset) => [
      data.version,
      data.systemModel,
      dataset.id,
      dataset.activity ?? '',
      dataset.product ?? '',
      dataset.geography ?? '',
      dataset.unit ?? '',
      ...indicators.map((indicator) => scoreOf(data, dataset, indicator) ?? null),
    ]),
  };
}

/** The comparison's tables (long, then wide) and the query that made them. */
export function comparisonExport(
  data: ComparisonExport,
  query: { link: string; fields: ExportQuery['fields'] },
): PageExport {
  const { datasets, indicators } = ordered(data);
  const ranked =
    data.rank && indicators.find((indicator) => indicator.id === data.rank?.indicatorId);
  return {
    tables: [scoresTable(data, longRows(data)), comparisonWideTable(data)],
    query: {
      title: `Comparison of ${datasets.length} datasets on ${indicators.length} indicators`,
      link: query.link,
      fields: [
        ['Release', data.version],
        ['System model', data.systemModel],
        ['Datasets, in this order', datasets.map((dataset) => dataset.id).join(', ')],
        ['Indicators', indicators.map((indicator) => indicator.id).join(', ')],
        [
          'Ranked by',
          ranked && data.rank
            ? `${ranked.method} › ${ranked.category} › ${ranked.indicator} (${ranked.id}), ${data.rank.direction === 'desc' ? 'largest' : 'smallest'} first`
            : 'not ranked: datasets in the order they were added',
        ],
        ...query.fields,
      ],
    },
  };
}

export function comparisonToJson(data: ComparisonExport): string {
  const { datasets, indicators } = ordered(data);
  return `${JSON.stringify(
    {
      version: data.version,
      system_model: data.systemModel,
      datasets: datasets.map((dataset) => ({
        ...dataset,
        impact_scores: [...(data.scores.get(dataset.id)?.values() ?? [])],
      })),
      indicators,
    },
    null,
    2,
  )}\n`;
}
