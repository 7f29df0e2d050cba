import { describe, expect, it } from 'vitest';
import { resolveGeography, suggestGeographies } from './geographies';

describe('geography names', () => {
  it.each([
    ['germany', 'Germany (DE)'],
    ['DE', 'Germany (DE)'],
    ['de', 'Germany (DE)'],
    ['france (fr)', 'France (FR)'],
    ['  Mexico  ', 'Mexico (MX)'],
    ['row', 'Rest-of-World (RoW)'],
    ['Germany (DE)', 'Germany (DE)'],
  ])('reads “%s” as %s', (typed, display) => {
    expect(resolveGeography(typed)).toBe(display);
  });

  it('sends what it does not know as typed, and knows what answers named', () => {
    expect(resolveGeography('Atlantis')).toBe('Atlantis');
    expect(resolveGeography('xq', ['Somewhere (XQ)'])).toBe('Somewhere (XQ)');
  });

  it('suggests the exact code first, then names starting with what is typed', () => {
    expect(suggestGeographies('de', [])[0]).toBe('Germany (DE)');
    expect(suggestGeographies('fra', []).slice(0, 1)).toEqual(['France (FR)']);
    expect(suggestGeographies('CH', [])[0]).toBe('Switzerland (CH)');
    const switz = suggestGeographies('switz', []);
    expect(switz[0]).toBe('Switzerland (CH)');
    expect(switz).toContain('Europe without Switzerland (Europe without Switzerland)');
  });

  it('offers, with nothing typed, the geographies of the results shown first', () => {
    const none = suggestGeographies('', ['Somewhere (XQ)', 'Germany (DE)']);
    expect(none.slice(0, 2)).toEqual(['Somewhere (XQ)', 'Germany (DE)']);
    expect(none).toHaveLength(30);
    expect(new Set(none).size).toBe(30);
  });
});
