import { describe, expect, it } from 'vitest';
import { exactScore, formatCount, formatScore } from './format';

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

  it('keeps the exact value for tooltips and exports', () => {
    expect(exactScore(1.52637e-8)).toBe('1.52637e-8');
  });

  it('groups thousands in counts', () => {
    expect(formatCount(21922)).toBe('21,922');
  });
});
