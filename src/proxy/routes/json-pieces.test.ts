import { describe, expect, it } from 'vitest';
import { isLong, jsonPieces } from './json-pieces';

describe('an answer sent in pieces', () => {
  it('is the JSON JSON.stringify writes, whatever it holds', () => {
    const results = Array.from({ length: 3_000 }, (_, i) => ({
      line: i + 1,
      verdict: i % 3 ? 'unchanged' : 'removed',
      name: `électricité ${'x'.repeat(i % 50)} "quoted" \\ ${String.fromCharCode(i % 40)}`,
      shares: [0.5, null, -1e-9],
      gone: undefined,
    }));
    const answers: unknown[] = [
      {
        status: 'ready',
        from: '3.11',
        counts: { removed: 1 },
        results,
        empty: [],
        skipped: undefined,
      },
      { a: [undefined, () => 1, 2], b: null },
      [1, 2, 3],
      'text',
      null,
    ];
    for (const answer of answers)
      expect([...jsonPieces(answer)].join('')).toBe(JSON.stringify(answer));
  });

  it('comes in pieces of about 64 K characters when long, each a piece of the whole', () => {
    const answer = {
      results: Array.from({ length: 10_000 }, (_, i) => ({ line: i, text: 'y'.repeat(100) })),
    };
    expect(isLong(answer)).toBe(true);
    expect(isLong({ results: [1, 2] })).toBe(false);
    const pieces = [...jsonPieces(answer)];
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(70 * 1024);
  });
});
