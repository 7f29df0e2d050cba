import type { Dataset, Indicator, ImpactScore } from '../../../shared/api/schemas';
import { scoresCsv } from '../scores/csv';

export interface ComparisonExport {
  version: string;
  systemModel: string;
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, ImpactScore>>;
}

/** One row per dataset × indicator, exact values, with each dataset's and indicator's identity. */
export function comparisonToCsv(data: ComparisonExport): string {
  return scoresCsv(
    data,
    data.datasets.flatMap((dataset) =>
      data.indicators.map((indicator) => ({
        dataset,
        indicator,
        score: data.scores.get(dataset.id)?.get(indicator.id)?.score ?? '',
      })),
    ),
  );
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
