import { describe, expect, it } from 'vitest';
import { gzipOf } from './compressed';
import { absentBody, answerKey, ResponseCache } from './response-cache';

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

  it('counts an answer as V8 keeps it: twice its length once a character is not Latin-1', async () => {
    // 10 000 characters each: 10 kB as Latin-1, 20 kB with one en dash, in a cache of 100 kB.
    const latin = new ResponseCache(100_000);
    const dashed = new ResponseCache(100_000);
    for (let i = 0; i < 20; i++) {
      const body = `${'a'.repeat(9_999)}é`;
      await latin.getOrProduce(`l${i}`, async () => body, { store: true });
      await dashed.getOrProduce(`d${i}`, async () => `${'a'.repeat(9_999)}–`, { store: true });
    }
    expect(latin.size.entries).toBe(9);
    expect(dashed.size.entries).toBe(4);
    expect(dashed.size.bytes).toBeLessThanOrEqual(100_000);
  });

  it('counts an answer’s gzip once it is made, dropping older answers to make room', async () => {
    const cache = new ResponseCache(60_000);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      // Random digits compress to about half: each gzip adds some 5 kB.
      const body = Array.from({ length: 10_000 }, () => Math.floor(Math.random() * 10)).join('');
      answers.push(await cache.getOrProduce(`k${i}`, async () => body, { store: true }));
    }
    expect(cache.size.entries).toBe(5);
    for (const answer of answers) await gzipOf(answer);
    expect(cache.size.bytes).toBeLessThanOrEqual(60_000);
    expect(cache.size.entries).toBeLessThan(5);
  });

  it('keeps “not in this release” within the same cap, oldest first out, never as an answer to send', async () => {
    const cache = new ResponseCache(20_000);
    for (let i = 0; i < 500; i++)
      await cache.getOrProduce(
        `GET /api/datasets/${9_000_000 + i}?version=3.12`,
        async () => absentBody(`Dataset ${9_000_000 + i} not found in version '3.12' (cutoff)`),
        { store: true },
      );
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get('GET /api/datasets/9000000?version=3.12')).toBeUndefined();
    const newest = cache.get('GET /api/datasets/9000499?version=3.12');
    expect(newest?.absent).toBe("Dataset 9000499 not found in version '3.12' (cutoff)");
    expect(newest?.etag).toBe('');
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

  it('keeps an answer’s value beside its JSON, read on every hit without parsing it again', async () => {
    const cache = new ResponseCache(100_000);
    const page = { total: 1, results: [{ id: 8279, name: 'market for electricity' }] };
    let produced = 0;
    const produce = async () => {
      produced++;
      return page;
    };
    const first = await cache.getOrProduceValue('search', produce, { store: true });
    const second = await cache.getOrProduceValue('search', produce, { store: true });
    expect(produced).toBe(1);
    expect(second.value).toBe(page);
    expect(second.body).toBe(JSON.stringify(page));
    expect(second.etag).toBe(first.etag);
    // The value is counted as well as its text.
    expect(cache.size.bytes).toBeGreaterThan(2 * first.body.length);
  });

  it('reads a value another instance produced from its JSON, once', async () => {
    const fromFleet = JSON.stringify({ latest: '3.12', releases: [] });
    const cache = new ResponseCache(100_000, Date.now, {
      fetch: async () => fromFleet,
    });
    const never = async (): Promise<{ latest: string }> => {
      throw new Error('produced here');
    };
    const first = await cache.getOrProduceValue('versions', never, { store: true });
    const second = await cache.getOrProduceValue('versions', never, { store: true });
    expect(first.value).toEqual({ latest: '3.12', releases: [] });
    expect(second.value).toBe(first.value);
  });

  it('keeps an answer read since it was stored over older ones nobody read, when full', async () => {
    const cache = new ResponseCache(12_000);
    const body = 'a'.repeat(2_000);
    for (const key of ['first', 'second', 'third', 'fourth'])
      await cache.getOrProduce(key, async () => body, { store: true });
    expect(cache.get('first')).toBeDefined();
    for (const key of ['fifth', 'sixth', 'seventh'])
      await cache.getOrProduce(key, async () => body, { store: true });
    expect(cache.get('first')).toBeDefined();
    expect(cache.get('second')).toBeUndefined();
    expect(cache.get('seventh')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(12_000);
  });
});
