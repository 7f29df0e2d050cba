import { describe, expect, it } from 'vitest';
import type { Dataset, UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import { MAX_CITED } from '../../../shared/citation';
import { mergeAnswers } from '../scores/answers';
import { mappingExport, mappingToJson, type MappingExport } from './export';
import { upgradeCitation, upgradeReport } from './report';
import { scoreTable } from './score-moves';

const ref = (id: number, geography = 'Switzerland (CH)') => ({
  id,
  activity: 'cement production',
  product: 'cement',
  geography,
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
const result = (line: number, over: Partial<UpgradeResult> = {}): UpgradeResult => ({
  line,
  verdict: 'unchanged',
  change: 'documentation unchanged',
  source: ref(line),
  target: ref(line),
  successors: [{ dataset: ref(line), share: null, fields: [] }],
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  fields: [],
  candidates: [],
  ...over,
});
const check = (results: UpgradeResult[]): Extract<UpgradeCheck, { status: 'ready' }> => ({
  status: 'ready',
  from: '3.10',
  to: '3.12',
  system_model: 'cutoff',
  counts: {
    unchanged: 0,
    'documentation changed': 0,
    'new ID': 0,
    split: 0,
    merged: 0,
    'no certain successor': 0,
    removed: 0,
    'not in source': 0,
    'several in source': 0,
  },
  reports: [],
  results,
});
// Line 1 unchanged; line 4 split into 4 (80 %) and 40 (20 %); line 5 scored, the service gave
// no score in 3.12.
const split = result(4, {
  verdict: 'split',
  change: 'split',
  successors: [
    { dataset: ref(4), share: 0.8, fields: [] },
    { dataset: ref(40, 'France (FR)'), share: 0.2, fields: ['geography'] },
  ],
});
const checked = check([result(1), split, result(5)]);
const digest = (n: number) => `sha256:${String(n).padStart(2, '0').repeat(32)}`;
const doc = (id: number, score: number | null, n: number): Dataset => ({
  ...ref(id),
  description: null,
  time_period: null,
  activity_type: null,
  isic_section: null,
  isic_class: null,
  geography_spold_uuid: null,
  sectors: [],
  url: null,
  url_history: null,
  impact_scores: [
    { id: 882, score, unit: 'kg CO2-Eq', method: 'IPCC 2021', category: 'cc', indicator: 'GWP100' },
  ],
  provenance: {
    service: 'demo data',
    retrieved_at: `2026-11-28T${String(10 + n)}:00:00.000Z`,
    explorer_version: '0.1.0',
    digest: digest(n),
  },
});
const answers = mergeAnswers([
  {
    call: { version: '3.10', systemModel: 'cutoff', datasetIds: [1, 4, 5], indicatorIds: [882] },
    datasets: [doc(1, 2, 1), doc(4, 10, 2), doc(5, 3, 3)],
  },
  {
    call: {
      version: '3.12',
      systemModel: 'cutoff',
      datasetIds: [1, 4, 40, 5],
      indicatorIds: [882],
    },
    datasets: [doc(1, 2.5, 4), doc(4, 10, 5), doc(40, 20, 6), doc(5, null, 7)],
  },
]);
const gwp = {
  id: 882,
  method: 'IPCC 2021',
  category: 'cc',
  indicator: 'GWP100',
  unit: 'kg CO2-Eq',
};
const data: MappingExport = {
  check: checked,
  chosen: new Map(),
  indicators: [gwp],
  followed: [{ id: 882, before: { id: 882, link: { kind: 'same' } } }],
  scores: scoreTable(answers, 'cutoff'),
};

describe('an upgrade check, handed over', () => {
  it('exports each score with the answers it came from in both releases', () => {
    const { tables, query } = mappingExport(data, 'http://x');
    const scores = tables[1];
    expect(scores?.format).toBe('lci-explorer.mapping-scores/3');
    const at = (name: string) => scores?.header.indexOf(name) ?? -1;
    expect(
      scores?.rows.map((row) => [
        row[at('line')],
        row[at('3.12_id')],
        row[at('3.12_score')],
        row[at('3.10_evidence_digest')],
        row[at('3.12_evidence_digest')],
        row[at('service')],
      ]),
    ).toEqual([
      [1, 1, 2.5, digest(1), digest(4), 'demo data'],
      [4, 4, 10, digest(2), digest(5), 'demo data'],
      [4, 40, 20, digest(2), digest(6), 'demo data'],
      [5, 5, null, digest(3), digest(7), 'demo data'],
    ]);
    expect(Object.fromEntries(query.fields)).toMatchObject({
      Retrieved: '2026-11-28T11:00:00.000Z to 2026-11-28T17:00:00.000Z',
      'Evidence digests': [1, 2, 3, 4, 5, 6, 7].map(digest).join(' '),
    });
    const json = JSON.parse(mappingToJson(data)) as {
      results: Record<string, unknown>[];
    };
    expect(json.results[1]?.scores).toEqual([
      expect.objectContaining({
        '3.10_provenance': expect.objectContaining({ digest: digest(2) }) as unknown,
        '3.12': [
          expect.objectContaining({
            id: 4,
            provenance: expect.objectContaining({ digest: digest(5) }) as unknown,
          }),
          expect.objectContaining({
            id: 40,
            provenance: expect.objectContaining({ digest: digest(6) }) as unknown,
          }),
        ],
      }),
    ]);
  });

  it('reports every verdict, the scores as shown with No score, the class and why, and cites the targets', () => {
    const report = upgradeReport({
      data,
      releaseDate: () => null,
      licenceHolder: 'Demo organisation',
      link: 'http://x',
      made: new Date('2026-11-28T23:00:00Z'),
    });
    const [verdicts, scores] = report.tables;
    expect(verdicts?.rows.map((row) => [row[0], row[2], row[3]])).toEqual([
      ['1', 'documentation unchanged', '1 cement production, Switzerland (CH)'],
      [
        '4',
        'split',
        '4 cement production, Switzerland (CH) (80 %); 40 cement production, France (FR) (20 %)',
      ],
      ['5', 'documentation unchanged', '5 cement production, Switzerland (CH)'],
    ]);
    expect(scores?.rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['1', 2, 2.5, ''],
      ['4', 10, '4 (80 %): 10', 12],
      ['4', 10, '40 (20 %): 20', 12],
      ['5', 3, 'No score', ''],
    ]);
    expect(scores?.rows[0]?.[5]).toBe('+25 %');
    expect(report.releases.map((r) => r.version)).toEqual(['3.10', '3.12']);
    expect(report.citation.text.split('\n\n').map((p) => /Dataset ID (\d+)/.exec(p)?.[1])).toEqual([
      '1',
      '4',
      '40',
      '5',
      undefined,
    ]);
    expect(report.citation.text).toContain('ecoinvent database version 3.12');
    expect(Object.fromEntries(report.provenance)).toMatchObject({ 'Data service': 'demo data' });
  });

  it('cites a long list up to the cap and says how many are left out; a list mapped to nothing as it was', () => {
    const long = check(Array.from({ length: MAX_CITED + 5 }, (_, i) => result(i + 1)));
    const cited = upgradeCitation({ check: long, chosen: new Map() }, () => null, new Date());
    expect(cited.omitted).toBe(5);
    expect(cited.text).toContain('5 more datasets of this view not cited here');
    const gone = check([
      result(9, { verdict: 'removed', change: 'removed', target: null, successors: [] }),
    ]);
    const asWas = upgradeCitation({ check: gone, chosen: new Map() }, () => null, new Date());
    expect(asWas.text).toContain('ecoinvent database version 3.10');
    expect(asWas.text).toContain('Dataset ID 9');
  });
});
