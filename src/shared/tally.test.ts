import { describe, expect, it } from 'vitest';
import { tally } from './tally';

describe('tally', () => {
  it('counts each kind, and names the kinds never seen with 0', () => {
    expect(tally(['new', 'split', 'merged'] as const, ['split', 'new', 'split'])).toEqual({
      new: 1,
      split: 2,
      merged: 0,
    });
  });
});
