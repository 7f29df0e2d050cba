import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../shared/api/schemas';
import { reportMarking } from '../../lib/report/model';
import { datasetReport } from './report';
import { aDataset } from '../../testing/datasets';

const provenance = {
  service: 'demo data',
  retrieved_at: '2026-11-28T20:06:37.123Z',
  explorer_version: '0.1.0',
  digest: `sha256:${'cd'.repeat(32)}`,
};
const score = (id: number, value: number, unit: string, method: string) => ({
  id,
  score: value,
  unit,
  method,
  category: 'climate change',
  indicator: 'global warming potential (GWP100)',
  provenance,
});
const dataset: Dataset = aDataset({
  id: 8279,
  activity: 'market for electricity, low voltage',
  product: 'electricity, low voltage',
  geography: 'Mexico (MX)',
  unit: 'kWh',
  activity_spold_uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000002',
  impact_scores: [
    score(964, 0.612, 'kg CO2-Eq', 'IPCC 2021'),
    score(882, 1.52637e-8, 'kg CO2-Eq', 'CML v4.8 2016'),
    score(990, 3e-9, 'kg Sb-Eq', 'CML v4.8 2016'),
  ],
});

describe('the dataset page’s report', () => {
  it('holds the scores as the table shows them, a chart per unit, the provenance and the citation', () => {
    const report = datasetReport({
      dataset,
      release: { version: '3.12', systemModel: 'cutoff' },
      releaseDate: null,
      licenceHolder: 'Demo organisation',
      link: 'http://localhost/3.12/cutoff/datasets/8279?ind=882,964,990',
      made: new Date('2026-11-28T21:00:00Z'),
    });
    expect(report.tables[0]?.rows.map((row) => [row[0], row[4]])).toEqual([
      ['CML v4.8 2016', 1.52637e-8],
      ['CML v4.8 2016', 3e-9],
      ['IPCC 2021', 0.612],
    ]);
    expect(report.charts.map((chart) => [chart.unit, chart.bars.length])).toEqual([
      ['kg CO2-Eq', 2],
      ['kg Sb-Eq', 1],
    ]);
    const provenanceLines = new Map(report.provenance);
    expect(provenanceLines.get('ecoSpold file')).toBe(
      'aaaaaaaa-0000-4000-8000-000000000001_bbbbbbbb-0000-4000-8000-000000000002.spold',
    );
    expect(provenanceLines.get('Data service')).toBe('demo data');
    expect(provenanceLines.get('Evidence digests')).toBe(provenance.digest);
    expect(report.citation.text).toContain('[Accessed 28 November 2026]');
    expect(reportMarking(report)).toBe(
      'Calculated data of ecoinvent 3.12 (Allocation cut-off by classification), under the ecoinvent licence of Demo organisation. A static report of calculated results.',
    );
  });

  it('counts the values that came without provenance, never leaving it unsaid', () => {
    const { provenance: _p, ...bare } = score(964, 0.612, 'kg CO2-Eq', 'IPCC 2021');
    const report = datasetReport({
      dataset: { ...dataset, impact_scores: [...dataset.impact_scores, { ...bare, id: 965 }] },
      release: { version: '3.12', systemModel: 'cutoff' },
      releaseDate: null,
      licenceHolder: null,
      link: 'http://localhost/x',
    });
    expect(new Map(report.provenance).get('Values without provenance')).toBe(1);
  });
});
