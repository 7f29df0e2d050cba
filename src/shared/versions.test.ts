import { describe, expect, it } from 'vitest';
import { compareVersions } from './versions';

describe('release ordering', () => {
  it('orders release names numerically, part by part', () => {
    expect(['3.9', '3.10', '3.12', '3.11', '3.9.1'].sort(compareVersions)).toEqual([
      '3.9',
      '3.9.1',
      '3.10',
      '3.11',
      '3.12',
    ]);
  });

  it('puts a suffixed release after its base', () => {
    expect(compareVersions('3.12-sandbox', '3.12')).toBeGreaterThan(0);
  });
});
