import { describe, expect, it } from 'vitest';
import { answerKey, ResponseCache } from './response-cache';

describe('the response cache', () => {
  it('counts each key’s bytes against its cap, not only the answers’', async () => {
    const cache = new ResponseCache(10_000);
    for (let i = 0; i < 20; i++) {
      const key = `${String(i).padStart(4, '0')}${'k'.repeat(2_000)}`;
      await cache.getOrProduce(key, async () => '{}', { store: true });
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.entries).toBeLessThanOrEqual(10_000 / 2_000);
  });

  it('keys a request body by its hash, whatever its size', () => {
    const query = new URLSearchParams({ version: '3.12' });
    const big = { dataset_ids: Array.from({ length: 10_000 }, (_, i) => 100_000_000 + i) };
    const key = answerKey('POST', '/datasets/batch', query, { body: big });
    expect(key.length).toBeLessThan(200);
    expect(answerKey('POST', '/datasets/batch', query, { body: { ...big } })).toBe(key);
    expect(
      answerKey('POST', '/datasets/batch', query, {
        body: { dataset_ids: [...big.dataset_ids.slice(1), 1] },
      }),
    ).not.toBe(key);
  });
});
