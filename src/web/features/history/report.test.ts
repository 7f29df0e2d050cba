import { describe, expect, it } from 'vitest';
import type { HistoryEntry, Indicator } from '../../../shared/api/schemas';
import type { CounterpartEntry } from '../scores/counterparts';
import { historyExport, historyToJson } from './across-releases';
import { historyReport } from './report';
import { scoreRows } from './score-cells';

const gwp: Indicator = {
  id: 882,
  method: 'IPCC 2021',
  category: 'climate change',
  indicator: 'GWP100',
  unit: 'kg CO2-Eq',
};
const same: CounterpartEntry = {
  id: 882,
  counterpart: { indicator: gwp, basis: 'same ID', differs: [] },
  candidates: [],
};
const ref = (id: number, activity: string) => ({
  id,
  activity,
  product: 'cement, Portland',
  geography: 'Switzerland (CH)',
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
const entry = (version: string, over: Partial<HistoryEntry>): HistoryEntry => ({
  version,
  verdict: null,
  change: null,
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  dataset: ref(1, 'cement production'),
  linked: [],
  fields: [],
  candidates: [],
  ...over,
});
// 3.12 viewed; in 3.11 the same dataset renamed; 3.10 scored and given no score; 3.9 none.
const entries = [
  entry('3.12', {}),
  entry('3.11', {
    verdict: 'documentation changed',
    change: 'renamed',
    fields: ['activity'],
    dataset: ref(1, 'cement production, old name'),
  }),
  entry('3.10', { verdict: 'unchanged', change: 'documentation unchanged' }),
  entry('3.9', { verdict: 'new', change: 'new', how: 'none', dataset: null }),
];
const held: Record<string, number | null> = { '3.12': 0.8125, '3.11': 0.75, '3.10': null };
const digest = (version: string) =>
  `sha256:${version.replace('.', '').padStart(4, '0').repeat(16)}`;
const rows = scoreRows({
  indicators: [gwp],
  entries,
  base: '3.12',
  counterparts: () => new Map([[882, same]]),
  score: (version) => held[version],
  provenance: (version) =>
    version in held
      ? {
          service: 'demo data',
          retrieved_at: `2026-11-28T2${version.at(-1) ?? '0'}:00:00.000Z`,
          explorer_version: '0.1.0',
          digest: digest(version),
        }
      : undefined,
  loaded: (version) => version in held,
});
const input = {
  id: 1,
  activity: 'cement production',
  base: '3.12',
  systemModel: 'cutoff',
  entries,
  rows,
  releaseDate: () => null,
  licenceHolder: 'Demo organisation',
  link: 'http://localhost/3.12/cutoff/datasets/1/history?ind=882',
  made: new Date('2026-11-28T23:00:00Z'),
};

describe('a dataset’s history, handed over', () => {
  it('exports each score with the answer it came from: on its row, once in the query, in JSON', () => {
    const { tables, query } = historyExport(input, input.link);
    const scores = tables[1];
    expect(scores?.format).toBe('lci-explorer.history-scores/3');
    const at = (name: string) => scores?.header.indexOf(name) ?? -1;
    expect(
      scores?.rows.map((row) => [row[0], row[at('score')], row[at('evidence_digest')]]),
    ).toEqual([
      ['3.12', 0.8125, digest('3.12')],
      ['3.11', 0.75, digest('3.11')],
      ['3.10', null, digest('3.10')],
      ['3.9', null, null],
    ]);
    expect(Object.fromEntries(query.fields)).toMatchObject({
      'Data service': 'demo data',
      Retrieved: '2026-11-28T20:00:00.000Z to 2026-11-28T22:00:00.000Z',
      'Evidence digests': [digest('3.10'), digest('3.11'), digest('3.12')].join(' '),
    });
    const json = JSON.parse(historyToJson(input)) as {
      releases: { scores: { provenance: { digest: string } | null }[] }[];
    };
    expect(json.releases.map((r) => r.scores[0]?.provenance?.digest ?? null)).toEqual([
      digest('3.12'),
      digest('3.11'),
      digest('3.10'),
      null,
    ]);
  });

  it('reports the table as shown: exact scores, No score, the change and its class and why', () => {
    const report = historyReport(input);
    const table = report.tables.find((t) => t.title === 'Scores');
    expect(table?.rows.map((row) => [row[1], row[3], row[5]])).toEqual([
      ['3.12', 0.8125, ''],
      ['3.11', 0.75, 'documentation changed'],
      ['3.10', 'No score in this release', 'not comparable'],
      ['3.9', 'No dataset in 3.9', 'not comparable'],
    ]);
    expect(table?.rows[1]?.[4]).toBe('−7.7 %');
    expect(table?.rows[1]?.[6]).toContain('Documentation changed');
    expect(report.charts.map((chart) => chart.bars)).toEqual([
      [
        { label: '3.11', value: 0.75 },
        { label: '3.12', value: 0.8125 },
      ],
    ]);
    expect(report.releases.map((r) => r.version)).toEqual(['3.12', '3.11', '3.10', '3.9']);
    expect(report.citation.text.split('\n\n').map((p) => p.slice(0, 40))).toEqual([
      'ecoinvent. cement production, CH, Alloca',
      'ecoinvent. cement production, old name, ',
      'ecoinvent. cement production, CH, Alloca',
      expect.stringMatching(/^Database: /),
    ]);
    expect(report.citation.text).toContain('ecoinvent database version 3.10');
    expect(Object.fromEntries(report.provenance)).toMatchObject({
      'Dataset in 3.11':
        'ID 1; ecoSpold file aaaaaaaa-0000-4000-8000-000000000001_bbbbbbbb-0000-4000-8000-000000000001.spold',
      'Explorer version': '0.1.0',
    });
  });
});
