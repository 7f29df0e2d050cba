import { describe, expect, it } from 'vitest';
import { readXlsx } from '../testing/read-xlsx';
import { tablesToXlsx, tableToCsv, type ExportTable } from './table-export';

const table: ExportTable = {
  sheet: 'Scores',
  header: ['dataset_id', 'activity', 'score', 'unit'],
  rows: [
    [8279, 'market for electricity, low voltage', 1.52637e-8, 'kg CO2-Eq'],
    [2989, '<clinker> & "cement"', null, 'kg CO2-Eq'],
  ],
  format: 'lci-explorer.scores/1',
};
const query = {
  title: 'Impact scores',
  link: 'http://localhost/3.12/cutoff/datasets/8279?ind=882',
  fields: [['Release', '3.12'] as const],
};

describe('exports', () => {
  it('writes a workbook whose numbers read back as the same numbers, with its query', async () => {
    const blob = await tablesToXlsx([table], query, new Date('2026-01-02T03:04:05Z'));
    const workbook = await readXlsx(await blob.arrayBuffer());
    expect([...workbook.keys()]).toEqual(['Scores', 'Query']);
    expect(workbook.get('Scores')).toEqual([
      ['dataset_id', 'activity', 'score', 'unit'],
      [8279, 'market for electricity, low voltage', 1.52637e-8, 'kg CO2-Eq'],
      [2989, '<clinker> & "cement"', null, 'kg CO2-Eq'],
    ]);
    expect(workbook.get('Query')).toEqual([
      ['Export', 'Impact scores'],
      ['Link', query.link],
      ['Exported', '2026-01-02T03:04:05.000Z'],
      ['Made by', 'LCI Explorer'],
      // The layout's version, so a script reading the workbook notices when it changes.
      ['Format of Scores', 'lci-explorer.scores/1'],
      ['Release', '3.12'],
    ]);
  });

  it('writes the same table as CSV, an empty cell where there is no value, and its layout', () => {
    expect(tableToCsv(table)).toBe(
      'dataset_id,activity,score,unit,format\n8279,"market for electricity, low voltage",1.52637e-8,kg CO2-Eq,lci-explorer.scores/1\n2989,"<clinker> & ""cement""",,kg CO2-Eq,lci-explorer.scores/1\n',
    );
  });
});
