import { citeDataset } from '../../../shared/citation';
import type { Dataset, ImpactScore } from '../../../shared/api/schemas';
import { NO_SCORE } from '../../../shared/scores/no-score';
import { spoldFileName } from '../../../shared/scores/table';
import type { ReleaseRef } from '../../../shared/versions';
import { chartLabeller } from '../../lib/indicator-label';
import type { Report, ReportChart } from '../../lib/report/model';
import { provenanceFields } from '../../lib/table-export';

export interface DatasetReportInput {
  /** The dataset with the scores the page shows (each with its provenance). */
  dataset: Dataset;
  release: ReleaseRef;
  releaseDate: string | null;
  licenceHolder: string | null;
  link: string;
  made?: Date;
}

const byName = (a: ImpactScore, b: ImpactScore) =>
  a.method.localeCompare(b.method) ||
  a.category.localeCompare(b.category) ||
  a.indicator.localeCompare(b.indicator);

/**
 * The dataset page's static report: its scores as the table shows them (exact), a bar chart per
 * unit as the page draws them, where the numbers came from and the dataset's citation; only
 * what the page has loaded.
 */
export function datasetReport(input: DatasetReportInput): Report {
  const { dataset, release, releaseDate, licenceHolder, link, made = new Date() } = input;
  const scores = [...dataset.impact_scores].sort(byName);
  const byUnit = new Map<string, ImpactScore[]>();
  for (const score of scores) byUnit.set(score.unit, [...(byUnit.get(score.unit) ?? []), score]);
  const charts: ReportChart[] = [...byUnit].map(([unit, list]) => {
    const name = chartLabeller(list);
    return {
      title: 'Impact scores',
      unit,
      // A score the service did not give has no bar; the table says 'No score'.
      bars: list.flatMap((score) =>
        score.score === null ? [] : [{ label: name(score), value: score.score }],
      ),
    };
  });
  const name = `${dataset.activity ?? `Dataset ${dataset.id}`}, ${dataset.geography ?? 'geography not given'}`;
  return {
    title: name,
    subtitle: `Impact scores of ${dataset.product ?? 'its reference product'} (per ${dataset.unit ?? 'unit not given'}) · ecoinvent ${release.version} ${release.systemModel} · Dataset ID ${dataset.id}`,
    releases: [release],
    licenceHolder,
    link,
    made,
    tables: [
      {
        title: 'Impact scores',
        header: ['Method', 'Category', 'Indicator', 'ID', 'Score', 'Unit'],
        rows: scores.map((score) => [
          score.method,
          score.category,
          score.indicator,
          String(score.id),
          score.score ?? NO_SCORE,
          score.unit,
        ]),
        widths: [2.2, 2.2, 3.4, 0.8, 2.2, 1.6],
      },
    ],
    charts,
    provenance: [
      ['Dataset', `ID ${dataset.id} in ecoinvent ${release.version} ${release.systemModel}`],
      ['Activity UUID', dataset.activity_spold_uuid ?? 'not given'],
      ['Product UUID', dataset.product_spold_uuid ?? 'not given'],
      ['ecoSpold file', spoldFileName(dataset) ?? 'not given'],
      ...provenanceFields(scores.map((score) => score.provenance)),
    ],
    citation: citeDataset({ release, releaseDate, dataset, accessed: made }),
  };
}
