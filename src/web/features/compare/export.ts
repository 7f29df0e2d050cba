import type { Dataset, Indicator, ImpactScore } from '../../../shared/upstream';
import { toCsv } from '../../lib/files';

export interface ComparisonExport {
  version: string;
  systemModel: string;
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, ImpactScore>>;
}

/** One row per dataset × indicator, exact values, with each dataset's and indicator's identity. */
export function comparisonToCsv(data: ComparisonExport): string {
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
    'unit',
    'score',
  ];
  const rows = data.datasets.flatMap((dataset) =>
    data.indicators.map((indicator) => {
      const score = data.scores.get(dataset.id)?.get(indicator.id);
      return [
        data.version,
        data.systemModel,
        dataset.id,
        dataset.activity,
        dataset.product,
        dataset.geography,
        dataset.unit,
        indicator.id,
        indicator.method,
        indicator.category,
        indicator.indicator,
        indicator.unit,
        score ? score.score : '',
      ];
    }),
  );
  return toCsv([header, ...rows]);
}

export function comparisonToJson(data: ComparisonExport): string {
  return `${JSON.stringify(
    {
      version: data.version,
      system_model: data.systemModel,
      datasets: data.datasets.map((dataset) => ({
        ...dataset,
        impact_scores: [...(data.scores.get(dataset.id)?.values() ?? [])],
      })),
      indicators: data.indicators,
    },
    null,
    2,
  )}\n`;
}
