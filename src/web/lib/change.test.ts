import { describe, expect, it } from 'vitest';
import { describeFields } from '../../shared/matching/words';
import { percentChange } from '../../shared/scores/score-change';
import { formatChange } from './change';

describe('percentChange', () => {
  it('is the change in per cent of the earlier score, of its magnitude for credits', () => {
    expect(percentChange(2, 3)).toBe(50);
    expect(percentChange(-2, -1)).toBe(50);
    expect(percentChange(4, 4)).toBe(0);
  });

  it('says nothing where a score is missing or the earlier one is zero', () => {
    expect(percentChange(undefined, 1)).toBeNull();
    expect(percentChange(1, undefined)).toBeNull();
    expect(percentChange(0, 1)).toBeNull();
  });

  it('formats with a sign and one decimal', () => {
    expect(formatChange(12.345)).toBe('+12.3 %');
    expect(formatChange(-4)).toBe('−4 %');
    expect(formatChange(0)).toBe('0 %');
    expect(formatChange(null)).toBe('—');
  });
});

describe('changed fields in words', () => {
  it('names them as the pages label them, acronyms kept', () => {
    expect(describeFields(['time_period', 'isic_class', 'description'])).toBe(
      'Time period, ISIC class, description',
    );
    expect(describeFields([])).toBe('');
  });
});
