import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema, type SearchHit } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import type { SearchInput } from '../upstream/adapter';
import { nameRank } from './ranking';
import { rankedPage, spelledSearch, type SearchPage } from './spelled-search';
import { otherSpelling } from './spelling';

const hit = (name: string): SearchHit => ({
  name,
  activity_type: 'market activity',
  products: [{ name, unit: 'kg', datasets: [{ id: 1, geography: 'Global (GLO)' }] }],
});

/** A service over a fixed list, in its own order, sending at most `cap` a page. */
function service(names: readonly string[], cap = 100): SearchPage {
  return async (input: SearchInput) => {
    const found = names.filter((name) => name.includes(input.query ?? ''));
    return {
      total: found.length,
      results: found.slice(input.from, input.from + Math.min(cap, input.limit)).map(hit),
    };
  };
}

async function allPages(page: SearchPage, query: string, size: number, total: number) {
  const names: string[] = [];
  for (let from = 0; from < total; from += size)
    names.push(
      ...(await rankedPage({ query, from, limit: size }, page, 100)).results.map((h) => h.name),
    );
  return names;
}

describe('spellings', () => {
  it('swaps each word of a known pair, and leaves a query without one alone', () => {
    expect(otherSpelling('Aluminum sheet, sulphuric acid')).toBe('aluminium sheet, sulfuric acid');
    expect(otherSpelling('transport, freight, truck')).toBe('transport, freight, lorry');
    expect(otherSpelling('cement')).toBeUndefined();
  });
});

describe('ranking by name', () => {
  it('puts names that start with the words first, then markets for them', () => {
    expect(nameRank('steel production, converter', 'steel')).toBe(0);
    expect(nameRank('steel production, converter', 'steel prod')).toBe(0);
    expect(nameRank('market for steel, low-alloyed', 'steel')).toBe(1);
    expect(nameRank('market for scrap steel', 'steel')).toBe(2);
  });

  it.each([10, 20, 50, 100])(
    'moves results within the first page the service sends, never dropping or repeating one (pages of %i)',
    async (size) => {
      const names = Array.from({ length: 250 }, (_, i) =>
        i % 7 === 3 ? `steel thing ${i}` : `market for scrap steel ${i}`,
      );
      // A service that sends fewer than asked loses the rest for any client; 50 where it fits.
      for (const cap of [100, 50].filter((cap) => cap >= size)) {
        const paged = await allPages(service(names, cap), 'steel', size, names.length);
        expect([...paged].sort()).toEqual([...names].sort());
        expect(paged[0]).toBe('steel thing 3');
      }
    },
  );

  it('answers with the other spelling only when the typed one finds nothing, and says so', async () => {
    const page = service(['aluminium sheet', 'sulfur dioxide production', 'sulphur, rare']);
    const instead = await spelledSearch({ query: 'aluminum', from: 0, limit: 10 }, page, 100);
    expect(instead.results.map((h) => h.name)).toEqual(['aluminium sheet']);
    expect(instead.spelling).toEqual({ kind: 'instead', query: 'aluminium' });
    const also = await spelledSearch({ query: 'sulphur', from: 0, limit: 10 }, page, 100);
    expect(also.results.map((h) => h.name)).toEqual(['sulphur, rare']);
    expect(also.spelling).toEqual({ kind: 'also', query: 'sulfur', total: 1 });
  });
});

describe('search through the proxy', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  let proxy: Proxy;
  let token: string;
  beforeAll(async () => {
    emulator = await startTestEmulator({ ...TEST_CLIENT });
    proxy = await proxyOnEmulator(emulator);
    token = (
      await signInWithCode({
        emulatorOrigin: emulator.origin,
        redirectOrigin: 'http://spa.test',
        username: 'demo',
      })
    ).access_token;
  });
  afterAll(async () => {
    await proxy.app.close();
    await emulator.close();
  });
  const search = async (query: string, from = 0, limit = 20) =>
    SearchResultsSchema.parse(
      (
        await proxy.app.inject({
          url: `/api/datasets?version=3.12&system_model=cutoff&query=${encodeURIComponent(query)}&from=${from}&limit=${limit}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );

  it('finds aluminium for “aluminum”, saying which spelling it searched', async () => {
    const american = await search('aluminum');
    const british = await search('aluminium');
    expect(british.total).toBeGreaterThan(0);
    expect(american.spelling).toEqual({ kind: 'instead', query: 'aluminium' });
    expect(american.total).toBe(british.total);
    expect(american.results).toEqual(british.results);
  });

  it('lists activities whose name starts with “steel” first, and every result of the service once', async () => {
    const first = await search('steel');
    expect(first.results[0]?.name.toLowerCase()).toMatch(/^steel/);
    const names: string[] = [];
    for (let from = 0; from < first.total; from += 20)
      names.push(...(await search('steel', from)).results.map((h) => h.name));
    expect(names).toHaveLength(first.total);
    expect(new Set(names).size).toBe(first.total);
  });
});
