import type { Dataset } from '../../../shared/api/schemas';
import { provenanceFields, tableToJson, type PageExport } from '../../lib/table-export';
import { scoresCsv, scoresTable, type ScoreCsvRow } from '../scores/csv';

type Context = { version: string; systemModel: string };

/** Scores as the table shows them: by method › category › indicator. */
const rowsOf = (dataset: Dataset): ScoreCsvRow[] =>
  [...dataset.impact_scores]
    .sort(
      (a, b) =>
        a.method.localeCompare(b.method) ||
        a.category.localeCompare(b.category) ||
        a.indicator.localeCompare(b.indicator),
    )
    .map((score) => ({
      dataset,
      indicator: score,
      score: score.score ?? ('' as const),
      provenance: score.provenance,
    }));

/** One row per score, with the dataset's identity on every row and the exact values. */
export function scoresToCsv(dataset: Dataset, context: Context): string {
  return scoresCsv(context, rowsOf(dataset));
}

/** The dataset's scores as an export's tables, and the query that made them. */
export function scoresExport(dataset: Dataset, context: Context, link: string): PageExport {
  return {
    tables: [scoresTable(context, rowsOf(dataset))],
    query: {
      title: `Impact scores of ${dataset.activity ?? 'dataset'}, ${dataset.geography ?? 'no geography'} (Dataset ID ${dataset.id})`,
      link,
      fields: [
        ['Release', context.version],
        ['System model', context.systemModel],
        ['Dataset ID', dataset.id],
        ['Activity', dataset.activity ?? ''],
        ['Reference product', `${dataset.product ?? ''} (${dataset.unit ?? ''})`],
        ['Geography', dataset.geography ?? ''],
        ['Indicators', dataset.impact_scores.map((score) => score.id).join(', ')],
        ...provenanceFields(dataset.impact_scores.map((score) => score.provenance)),
      ],
    },
  };
}

/**
 * The same scores as JSON: the tidy rows (each value with its provenance, as
 * `npx lci-explorer verify` reads them) and the dataset's documentation beside them.
 */
export function scoresJson(dataset: Dataset, context: Context): string {
  const { impact_scores: _scores, provenance: _provenance, ...documentation } = dataset;
  return tableToJson(scoresTable(context, rowsOf(dataset)), {
    version: context.version,
    system_model: context.systemModel,
    dataset: documentation,
  });
}
