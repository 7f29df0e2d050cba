import { describe, expect, it } from 'vitest';
import { paths, switchRelease } from './paths';

describe('release paths', () => {
  it('keeps the page when the release changes', () => {
    expect(switchRelease('/3.11/cutoff', '3.12', 'apos')).toBe('/3.12/apos');
    expect(switchRelease('/3.11/cutoff/datasets/42', '3.12', 'cutoff')).toBe(
      '/3.12/cutoff/datasets/42',
    );
  });

  it('encodes segments so a strange name cannot change the path', () => {
    expect(paths.release('3.12', 'a/b')).toBe('/3.12/a%2Fb');
  });
});
