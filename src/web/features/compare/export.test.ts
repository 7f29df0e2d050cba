import { describe, expect, it } from 'vitest';
import type { Dataset, Indicator } from '../../../shared/api/schemas';
import type { GivenScore } from '../scores/answers';
import { tableToCsv } from '../../lib/table-export';
import type { ReleaseRef } from '../../config/routes';
import { columnKey, type ShownColumn } from './columns';
import {
  comparisonExport,
  comparisonToCsv,
  comparisonToJson,
  comparisonWideTable,
  type ComparisonExport,
} from './export';
import { aDataset } from '../../testing/datasets';

const dataset = (id: number, activity: string): Dataset =>
  aDataset({ id, activity, product: 'thing', unit: 'kg', geography: 'Germany (DE)' });
const indicator = (id: number, method: string): Indicator => ({
  id,
  method,
  category: 'climate change',
  indicator: 'global warming potential (GWP100)',
  unit: 'kg CO2-Eq',
});
const ipcc = indicator(2, 'IPCC 2021');
const ef = indicator(1, 'EF v3.1');
const score = (of: Indicator, value: number): GivenScore => ({ ...of, score: value });
const shown = { version: '3.12', systemModel: 'cutoff' };
const scores = new Map([
  [
    10,
    new Map([
      [1, score(ef, 1)],
      [2, score(ipcc, 1.5)],
    ]),
  ],
  [20, new Map([[1, score(ef, 9)]])],
]);
const columnOf = (of: Dataset, release: ReleaseRef = shown): ShownColumn => ({
  id: of.id,
  release,
  key: columnKey(of.id, release),
  dataset: of,
});
const data: ComparisonExport = {
  shown,
  columns: [columnOf(dataset(10, 'small')), columnOf(dataset(20, 'large'))],
  indicators: [ipcc, ef],
  value: (column, indicatorId) => scores.get(column.id)?.get(indicatorId)?.score,
  followed: (_, indicatorId) => ({ kind: 'same', indicator: indicatorId === 1 ? ef : ipcc }),
  rank: { indicatorId: 1, direction: 'desc' as const },
};

describe('comparison exports', () => {
  it('list the datasets as the table ranks them, and the indicators as it lists them', () => {
    const rows = comparisonToCsv(data)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => `${cells[2]}|${cells[7]}|${cells[11]}`);
    expect(rows).toEqual(['20|1|9', '20|2|', '10|1|1', '10|2|1.5']);
  });

  it('write a wide table of datasets × indicators, each column naming its indicator and unit', () => {
    const wide = comparisonWideTable(data);
    expect(wide.header.slice(7)).toEqual([
      'EF v3.1 › climate change › global warming potential (GWP100) [kg CO2-Eq] (1)',
      'IPCC 2021 › climate change › global warming potential (GWP100) [kg CO2-Eq] (2)',
      'indicators_followed',
    ]);
    expect(wide.rows.map((row) => [row[2], ...row.slice(7)])).toEqual([
      [20, 9, null, ''],
      [10, 1, 1.5, ''],
    ]);
    expect(tableToCsv(wide).split('\n')[1]).toBe(
      '3.12,cutoff,20,large,thing,Germany (DE),kg,9,,,lci-explorer.scores-wide/2',
    );
  });

  it('record the order and the ranking in the query', () => {
    const { query, tables } = comparisonExport(data, { link: 'http://x/compare', fields: [] });
    expect(tables.map((table) => table.sheet)).toEqual(['Scores', 'Datasets × indicators']);
    expect(Object.fromEntries(query.fields)).toMatchObject({
      'Datasets, in this order': '20, 10',
      'Ranked by':
        'EF v3.1 › climate change › global warming potential (GWP100) (1), largest first',
    });
  });

  it('across releases, write each row with its own release and the indicator it was scored on there', () => {
    const apos = { version: '3.12', systemModel: 'apos' };
    const old = { version: '3.10', systemModel: 'cutoff' };
    const efThen = { ...ef, id: 7, category: 'climate change (then)' };
    const across: ComparisonExport = {
      ...data,
      rank: undefined,
      columns: [
        columnOf(dataset(10, 'small')),
        columnOf(dataset(10, 'small'), apos),
        columnOf(dataset(10, 'small'), old),
      ],
      value: (column, indicatorId) =>
        column.release.version === '3.10'
          ? indicatorId === 1
            ? 0.5
            : undefined
          : column.release.systemModel === 'apos'
            ? indicatorId + 10
            : indicatorId,
      followed: (release, indicatorId) =>
        release.version === '3.10'
          ? indicatorId === 1
            ? { kind: 'counterpart', indicator: efThen, basis: 'renamed', differs: ['category'] }
            : { kind: 'none', candidates: [] }
          : { kind: 'same', indicator: indicatorId === 1 ? ef : ipcc },
    };
    const rows = comparisonToCsv(across)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => `${cells[0]}/${cells[1]}|${cells[2]}|${cells[7]}|${cells[9]}|${cells[11]}`);
    // 3.10 has no counterpart of IPCC's: no row claims a score for it there.
    expect(rows).toEqual([
      '3.12/cutoff|10|1|climate change|1',
      '3.12/cutoff|10|2|climate change|2',
      '3.12/apos|10|1|climate change|11',
      '3.12/apos|10|2|climate change|12',
      '3.10/cutoff|10|7|climate change (then)|0.5',
    ]);
    const { tables, query } = comparisonExport(across, { link: 'http://x', fields: [] });
    expect(tables.map((table) => table.sheet)).toEqual([
      'Scores',
      'Datasets × indicators',
      'Indicators followed',
    ]);
    const wide = tables[1];
    expect(wide?.rows.map((row) => [row[0], row[1], row.at(-1)])).toEqual([
      ['3.12', 'cutoff', ''],
      ['3.12', 'apos', ''],
      ['3.10', 'cutoff', '1 as 7 (renamed); 2: No counterpart in 3.10 · cutoff'],
    ]);
    const followed = tables[2];
    expect(followed?.rows.map((row) => [row[0], row[2], row[6], row[11], row[13]])).toEqual([
      ['3.12', 1, 1, 'same ID', 'The same indicator in 3.12 · apos'],
      ['3.12', 2, 2, 'same ID', 'The same indicator in 3.12 · apos'],
      ['3.10', 1, 7, 'renamed', expect.stringContaining('renamed (category differs)') as string],
      ['3.10', 2, null, '', 'No counterpart in 3.10 · cutoff'],
    ]);
    expect(Object.fromEntries(query.fields)).toMatchObject({
      'Releases of the columns': '3.12 · cutoff, 3.12 · apos, 3.10 · cutoff',
      'Datasets, in this order': '10, 10 (3.12 · apos), 10 (3.10 · cutoff)',
    });
    const json = JSON.parse(comparisonToJson(across)) as {
      schema: string;
      datasets: {
        version: string;
        system_model: string;
        impact_scores: { id: number; row_indicator_id: number }[];
      }[];
    };
    expect(json.schema).toBe('lci-explorer.comparison/2');
    expect(json.datasets.map((d) => `${d.version}/${d.system_model}`)).toEqual([
      '3.12/cutoff',
      '3.12/apos',
      '3.10/cutoff',
    ]);
    expect(json.datasets[2]?.impact_scores).toEqual([
      expect.objectContaining({ id: 7, row_indicator_id: 1, score: 0.5 }),
    ]);
  });

  it('carry each value’s provenance: on its row of the tidy table, once in the query, per value in JSON', () => {
    const digest = (id: number) => `sha256:${String(id).padStart(2, '0').repeat(32)}`;
    const withProvenance: ComparisonExport = {
      ...data,
      provenance: (column, indicatorId) =>
        column.id === 10 && indicatorId === 2
          ? undefined
          : {
              service: 'demo data',
              retrieved_at: `2026-11-28T2${indicatorId}:00:00.000Z`,
              explorer_version: '0.1.0',
              digest: digest(column.id),
            },
    };
    const { tables, query } = comparisonExport(withProvenance, { link: 'http://x', fields: [] });
    const tidy = tables[0];
    const at = (name: string) => tidy?.header.indexOf(name) ?? -1;
    expect(
      tidy?.rows.map((row) => [
        row[at('dataset_id')],
        row[at('indicator_id')],
        row[at('service')],
        row[at('retrieved_at')],
        row[at('evidence_digest')],
      ]),
    ).toEqual([
      [20, 1, 'demo data', '2026-11-28T21:00:00.000Z', digest(20)],
      [20, 2, 'demo data', '2026-11-28T22:00:00.000Z', digest(20)],
      [10, 1, 'demo data', '2026-11-28T21:00:00.000Z', digest(10)],
      [10, 2, null, null, null],
    ]);
    expect(Object.fromEntries(query.fields)).toMatchObject({
      'Data service': 'demo data',
      Retrieved: '2026-11-28T21:00:00.000Z to 2026-11-28T22:00:00.000Z',
      'Evidence digests': `${digest(10)} ${digest(20)}`,
      'Values without provenance': 1,
    });
    const json = JSON.parse(comparisonToJson(withProvenance)) as {
      datasets: { id: number; impact_scores: { id: number; provenance?: { digest: string } }[] }[];
    };
    expect(
      json.datasets.flatMap((d) =>
        d.impact_scores.map((score) => [d.id, score.id, score.provenance?.digest ?? null]),
      ),
    ).toEqual([
      [20, 1, digest(20)],
      [10, 1, digest(10)],
      [10, 2, null],
    ]);
  });
});
