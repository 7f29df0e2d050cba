import type { Dataset } from '../../../shared/upstream';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One row per score, with the dataset's identity on every row and the exact values. */
export function scoresToCsv(
  dataset: Dataset,
  context: { version: string; systemModel: string },
): string {
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
    'score',
    'unit',
  ];
  const rows = dataset.impact_scores.map((score) => [
    context.version,
    context.systemModel,
    dataset.id,
    dataset.activity,
    dataset.product,
    dataset.geography,
    dataset.unit,
    score.id,
    score.method,
    score.category,
    score.indicator,
    score.score,
    score.unit,
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

export function download(filename: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
