import { describe, expect, it } from 'vitest';
import { parseIndicatorSet, parseIntParam } from './url-state';

describe('URL state', () => {
  it('reads an indicator set, dropping junk and repeats', () => {
    expect(parseIndicatorSet('882, 990,abc,882,-1,0')).toEqual([882, 990]);
    expect(parseIndicatorSet(null)).toEqual([]);
    expect(parseIndicatorSet(Array.from({ length: 150 }, (_, i) => i + 1).join(','))).toHaveLength(
      100,
    );
  });

  it('reads a page number within bounds', () => {
    expect(parseIntParam('3', 1, 1, 500)).toBe(3);
    expect(parseIntParam('0', 1, 1, 500)).toBe(1);
    expect(parseIntParam('x', 1, 1, 500)).toBe(1);
    expect(parseIntParam('99999', 1, 1, 500)).toBe(500);
  });
});
