import { describe, expect, it } from 'vitest';
import { exactScore, formatCount, formatScore, formatTotal, plural, rowFormatter } from './format';
import { these } from './wording';

describe('number formatting', () => {
  it.each([
    [0.864591, '0.8646'],
    [12.1651, '12.17'],
    [1234.5, '1,235'],
    [0, '0'],
    [-0.0205391, '-0.02054'],
    [1.52637e-8, '1.526 × 10⁻⁸'],
    [0.000625521, '6.255 × 10⁻⁴'],
    [2.5e7, '2.5 × 10⁷'],
  ])('shows %d as %s', (value, shown) => {
    expect(formatScore(value)).toBe(shown);
  });

  it('writes a row of values in one notation', () => {
    const mixed = rowFormatter([0.002621, 0.0009018, undefined]);
    expect([0.002621, 0.0009018].map(mixed)).toEqual(['2.621 × 10⁻³', '9.018 × 10⁻⁴']);
    const plainRow = rowFormatter([0.5, 12.25]);
    expect([0.5, 12.25].map(plainRow)).toEqual(['0.5', '12.25']);
  });

  it('says counts with their noun agreeing', () => {
    expect(plural(1, 'activity')).toBe('1 activity');
    expect(plural(2, 'activity')).toBe('2 activities');
    expect(plural(1, 'indicator')).toBe('1 indicator');
    expect(plural(21922, 'dataset')).toBe('21,922 datasets');
    // Never "these 1 indicator".
    expect(these(1, 'indicator')).toBe('this indicator');
    expect(these(3, 'indicator')).toBe('these 3 indicators');
  });

  it('says a total the data service counted no further as “at least”', () => {
    expect(formatTotal(10000, true)).toBe('at least 10,000');
    expect(formatTotal(10000)).toBe('10,000');
  });

  it('keeps the exact value for tooltips and exports', () => {
    expect(exactScore(1.52637e-8)).toBe('1.52637e-8');
  });

  it('groups thousands in counts', () => {
    expect(formatCount(21922)).toBe('21,922');
  });
});
