import { describe, expect, it } from 'vitest';
import type { Dataset, SearchResults } from '../../shared/api/schemas';
import { PAGE_SIZE, readRelease, type ReleaseSource } from './read-release';
import { filterBySector, sectorIndexOf, type SectorIndex } from './sector-index';

/** A release of `n` datasets, one per activity; dataset i is in sector "S<i % 3>". */
function fakeRelease(n: number) {
  const calls = { search: 0, documents: 0, largestBatch: 0 };
  const activities = Array.from({ length: n }, (_, i) => ({
    name: `activity ${i + 1}`,
    activity_type: 'ordinary transforming activity',
    products: [{ name: 'p', unit: 'kg', datasets: [{ id: i + 1, geography: 'Global (GLO)' }] }],
  }));
  const source: ReleaseSource = {
    searchPage: async (from) => {
      calls.search++;
      return { total: n, results: activities.slice(from, from + PAGE_SIZE) };
    },
    documents: async (ids) => {
      calls.documents++;
      calls.largestBatch = Math.max(calls.largestBatch, ids.length);
      return {
        total: ids.length,
        datasets: ids.map(
          (id) =>
            ({
              id,
              sectors: [`S${id % 3}`, ...(id % 5 === 0 ? ['Five'] : [])],
              isic_section: id % 2 === 0 ? 'A - Even' : 'B - Odd',
            }) as Dataset,
        ),
      };
    },
  };
  return { source, calls, activities };
}

describe('a release read for its sectors', () => {
  it('indexes every dataset of a release, counting each sector and ISIC section', async () => {
    const { source, calls } = fakeRelease(250);
    const progress: [number, number][] = [];
    const index = sectorIndexOf(
      await readRelease(source, (done, total) => progress.push([done, total])),
    );
    expect(index.size).toBe(250);
    expect(index.lookup(10)).toEqual({ sectors: ['S1', 'Five'], isicSection: 'A - Even' });
    expect(index.lookup(251)).toBeUndefined();
    expect(index.sectors).toEqual([
      { name: 'Five', datasets: 50 },
      { name: 'S0', datasets: 83 },
      { name: 'S1', datasets: 84 },
      { name: 'S2', datasets: 83 },
    ]);
    expect(index.isicSections).toEqual([
      { name: 'A - Even', datasets: 125 },
      { name: 'B - Odd', datasets: 125 },
    ]);
    // Three search pages to list them, three batch calls of at most a page to read them.
    expect(calls).toEqual({ search: 3, documents: 3, largestBatch: PAGE_SIZE });
    expect(progress[0]).toEqual([0, 250]);
    expect(progress.at(-1)).toEqual([250, 250]);
  });
});

describe('filterBySector', () => {
  const index: SectorIndex = sectorIndexOf([
    { id: 1, sectors: ['Electricity'], isic_section: 'D - Electricity' },
    { id: 2, sectors: ['Transport'], isic_section: 'H - Transportation and storage' },
    { id: 3, sectors: ['Electricity', 'Transport'], isic_section: 'D - Electricity' },
  ]);
  const results: SearchResults['results'] = [
    {
      name: 'a',
      activity_type: 'market activity',
      products: [
        {
          name: 'x',
          unit: 'kWh',
          datasets: [
            { id: 1, geography: 'Germany (DE)' },
            { id: 2, geography: 'France (FR)' },
          ],
        },
        { name: 'y', unit: 'kg', datasets: [{ id: 2, geography: 'France (FR)' }] },
      ],
    },
    {
      name: 'b',
      activity_type: 'market activity',
      products: [{ name: 'z', unit: 'tkm', datasets: [{ id: 4, geography: 'Global (GLO)' }] }],
    },
  ];

  it('keeps the datasets of the sector and drops products and activities left empty', () => {
    expect(filterBySector(results, index, { sector: 'Electricity' })).toEqual([
      {
        name: 'a',
        activity_type: 'market activity',
        products: [{ name: 'x', unit: 'kWh', datasets: [{ id: 1, geography: 'Germany (DE)' }] }],
      },
    ]);
  });

  it('applies sector and ISIC section together, and drops datasets the index does not know', () => {
    const both = filterBySector(results, index, {
      sector: 'Transport',
      isicSection: 'H - Transportation and storage',
    });
    expect(both.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)))).toEqual([
      2, 2,
    ]);
    expect(filterBySector(results, index, { sector: 'Nothing' })).toEqual([]);
  });
});
