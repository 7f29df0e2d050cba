import { describe, expect, it } from 'vitest';
import type { Dataset, Indicator } from '../../../shared/api/schemas';
import { NO_SCORE } from '../../../shared/scores/no-score';
import { reportMarking } from '../../lib/report/model';
import { columnKey, type ShownColumn } from './columns';
import type { ComparisonExport } from './export';
import { comparisonReport } from './report';

const dataset = (id: number, activity: string, geography: string): Dataset => ({
  id,
  activity,
  product: 'electricity, low voltage',
  unit: 'kWh',
  description: null,
  geography,
  time_period: null,
  activity_type: null,
  isic_section: null,
  isic_class: null,
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-0000000000${id}`,
  geography_spold_uuid: null,
  product_spold_uuid: `bbbbbbbb-0000-4000-8000-0000000000${id}`,
  sectors: [],
  url: null,
  url_history: null,
  impact_scores: [],
});
const indicator = (id: number, method: string, unit = 'kg CO2-Eq'): Indicator => ({
  id,
  method,
  category: 'climate change',
  indicator: 'global warming potential (GWP100)',
  unit,
});
const shown = { version: '3.12', systemModel: 'cutoff' };
const apos = { version: '3.12', systemModel: 'apos' };
const column = (of: Dataset, release = shown): ShownColumn => ({
  id: of.id,
  release,
  key: columnKey(of.id, release),
  dataset: of,
});
const rows = [indicator(1, 'IPCC 2021'), indicator(2, 'EF v3.1'), indicator(3, 'CML', 'kg Sb-Eq')];
const columns = [
  column(dataset(10, 'market for electricity', 'Mexico (MX)')),
  column(dataset(20, 'electricity production', 'Türkiye (TR)')),
  column(dataset(30, 'market group', 'Global (GLO)')),
  column(dataset(10, 'market for electricity', 'Mexico (MX)'), apos),
  column(dataset(40, 'fifth', 'Germany (DE)')),
];
const values = new Map<string, number>([
  ['10@3.12/cutoff|1', 0.612],
  ['10@3.12/cutoff|2', 1.52637e-8],
  ['10@3.12/cutoff|3', 3e-9],
  ['20@3.12/cutoff|1', 0.1],
  ['30@3.12/cutoff|1', -0.25],
  ['10@3.12/apos|1', 0.7],
  ['40@3.12/cutoff|1', 2],
]);
const provenance = {
  service: 'demo data',
  retrieved_at: '2026-11-28T20:06:37.123Z',
  explorer_version: '0.1.0',
  digest: `sha256:${'cd'.repeat(32)}`,
};
const data: ComparisonExport = {
  shown,
  columns,
  indicators: rows,
  value: (c, id) => values.get(`${c.key}|${id}`),
  provenance: (c, id) => (values.has(`${c.key}|${id}`) ? provenance : undefined),
  followed: (release, id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return undefined;
    // In APOS, CML has no counterpart.
    return release.systemModel === 'apos' && id === 3
      ? { kind: 'none', candidates: [] }
      : { kind: 'same', indicator: row };
  },
};

describe('the comparison’s report', () => {
  const report = comparisonReport({
    data,
    // Column 40 was not asked for CML; every other cell without a value is the service's "No score".
    loaded: (c, id) => !(c.id === 40 && id === 3),
    releaseDate: (version) => (version === '3.12' ? '2025-04-15' : null),
    licenceHolder: 'Demo organisation',
    link: 'http://localhost/3.12/cutoff/compare?ds=10,20,30,10@3.12/apos,40&ind=1,2,3',
    made: new Date('2026-11-28T21:00:00Z'),
  });
  const scoreTables = report.tables.filter((table) => table.title.startsWith('Scores'));

  it('holds every value shown, exact, in tables a page wide, and says why a cell has none', () => {
    expect(scoreTables.map((table) => table.title)).toEqual([
      'Scores (columns 1–4 of 5)',
      'Scores (columns 5–5 of 5)',
    ]);
    expect(scoreTables[0]?.header).toEqual([
      'Indicator',
      'Unit',
      '10',
      '20',
      '30',
      '10 (3.12 · apos)',
    ]);
    const cells = scoreTables.flatMap((table) => table.rows.flatMap((row) => row.slice(2)));
    for (const value of values.values()) expect(cells).toContain(value);
    // Rows as the table lists them: by method, category and indicator.
    expect(scoreTables[0]?.rows.map((row) => row[0])).toEqual([
      'CML › climate change › global warming potential (GWP100) (3)',
      'EF v3.1 › climate change › global warming potential (GWP100) (2)',
      'IPCC 2021 › climate change › global warming potential (GWP100) (1)',
    ]);
    expect(scoreTables[0]?.rows[1]?.slice(2)).toEqual([1.52637e-8, NO_SCORE, NO_SCORE, NO_SCORE]);
    expect(scoreTables[0]?.rows[0]?.[5]).toBe('No counterpart in 3.12 · apos');
    expect(scoreTables[1]?.rows[0]?.[2]).toBe('Not loaded');
    expect(report.tables.at(-1)?.title).toBe('Indicators followed into other releases');
  });

  it('draws each row’s values as bars, names every release and the licence holder, and cites each dataset once', () => {
    expect(report.charts.map((chart) => [chart.unit, chart.bars.map((bar) => bar.label)])).toEqual([
      ['kg Sb-Eq', ['10']],
      ['kg CO2-Eq', ['10']],
      ['kg CO2-Eq', ['10', '20', '30', '10 (3.12 · apos)', '40']],
    ]);
    expect(reportMarking(report)).toContain(
      'Calculated data of ecoinvent 3.12 (Allocation cut-off by classification), ecoinvent 3.12 (Allocation at the point of substitution), under the ecoinvent licence of Demo organisation',
    );
    expect(report.citation.text.split('\n\n')).toHaveLength(6);
    expect(report.citation.text).toContain('market for electricity, MX, Allocation at the point');
    expect(report.citation.text).toContain('electricity production, TR');
    expect(Object.fromEntries(report.provenance)).toMatchObject({
      'Dataset 20': expect.stringContaining(
        'ecoSpold file aaaaaaaa-0000-4000-8000-000000000020_bbbbbbbb-0000-4000-8000-000000000020.spold',
      ) as string,
      'Data service': 'demo data',
      'Evidence digests': provenance.digest,
      // The cells without a number have no answer of their own to name.
      'Values without provenance': 7,
    });
  });

  it('follows the table’s ranking', () => {
    const ranked = comparisonReport({
      data: { ...data, rank: { indicatorId: 1, direction: 'desc' } },
      loaded: () => true,
      releaseDate: () => null,
      licenceHolder: null,
      link: 'http://x',
    });
    expect(ranked.tables[0]?.rows.map((row) => row[0])).toEqual([
      '40',
      '10 (3.12 · apos)',
      '10',
      '20',
      '30',
    ]);
    expect(ranked.citation.text.split('\n\n')[0]).toContain('fifth, DE');
  });
});
