import { describe, expect, it } from 'vitest';
import type { Dataset, Indicator } from '../../../shared/api/schemas';
import type { GivenScore } from '../scores/answers';
import { tableToCsv } from '../../lib/table-export';
import { comparisonExport, comparisonToCsv, comparisonWideTable } from './export';

const dataset = (id: number, activity: string): Dataset => ({
  id,
  activity,
  product: 'thing',
  unit: 'kg',
  description: null,
  geography: 'Germany (DE)',
  time_period: null,
  activity_type: null,
  isic_section: null,
  isic_class: null,
  activity_spold_uuid: null,
  geography_spold_uuid: null,
  product_spold_uuid: null,
  sectors: [],
  url: null,
  url_history: null,
  impact_scores: [],
});
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
const data = {
  version: '3.12',
  systemModel: 'cutoff',
  datasets: [dataset(10, 'small'), dataset(20, 'large')],
  indicators: [ipcc, ef],
  scores: new Map([
    [
      10,
      new Map([
        [1, score(ef, 1)],
        [2, score(ipcc, 1.5)],
      ]),
    ],
    [20, new Map([[1, score(ef, 9)]])],
  ]),
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
    ]);
    expect(wide.rows.map((row) => [row[2], ...row.slice(7)])).toEqual([
      [20, 9, null],
      [10, 1, 1.5],
    ]);
    expect(tableToCsv(wide).split('\n')[1]).toBe(
      '3.12,cutoff,20,large,thing,Germany (DE),kg,9,,lci-explorer.scores-wide/1',
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
});
