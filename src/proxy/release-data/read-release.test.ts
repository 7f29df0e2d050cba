import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../shared/api/schemas';
import { PAGE_SIZE, readRelease, type ReleaseSource } from './read-release';

/**
 * A release of `n` datasets whose every answer takes a few milliseconds, as the data service's
 * take its latency: what matters is how many calls are in flight at once.
 */
function slowRelease(n: number) {
  const inFlight = { search: 0, documents: 0, mostSearch: 0, mostDocuments: 0 };
  const later = () => new Promise((resolve) => setTimeout(resolve, 3));
  const source: ReleaseSource = {
    searchPage: async (from) => {
      inFlight.mostSearch = Math.max(inFlight.mostSearch, ++inFlight.search);
      await later();
      inFlight.search--;
      const ids = Array.from(
        { length: Math.max(0, Math.min(PAGE_SIZE, n - from)) },
        (_, i) => from + i + 1,
      );
      return {
        total: n,
        results: ids.map((id) => ({
          name: `activity ${id}`,
          activity_type: 'ordinary transforming activity',
          products: [{ name: 'p', unit: 'kg', datasets: [{ id, geography: 'Global (GLO)' }] }],
        })),
      };
    },
    documents: async (ids) => {
      inFlight.mostDocuments = Math.max(inFlight.mostDocuments, ++inFlight.documents);
      await later();
      inFlight.documents--;
      return {
        total: ids.length,
        datasets: ids.map((id) => ({ id, sectors: [], isic_section: null }) as unknown as Dataset),
      };
    },
  };
  return { source, inFlight };
}

describe('reading a release at the service’s latency', () => {
  it('keeps four calls in flight by default, every dataset read once and in order', async () => {
    const { source, inFlight } = slowRelease(3_000);
    const docs = await readRelease(source);
    expect(docs.map((doc) => doc.id)).toEqual(Array.from({ length: 3_000 }, (_, i) => i + 1));
    // Thirty batch calls: four at a time, never more (the service is not flooded).
    expect(inFlight.mostDocuments).toBe(4);
    expect(inFlight.mostSearch).toBeLessThanOrEqual(4);
    expect(inFlight.mostSearch).toBeGreaterThan(1);
  });

  it('keeps to the concurrency the operator set (RELEASE_READ_CONCURRENCY)', async () => {
    const { source, inFlight } = slowRelease(2_000);
    const docs = await readRelease(source, undefined, 12);
    expect(docs).toHaveLength(2_000);
    expect(inFlight.mostDocuments).toBe(12);
    expect(inFlight.mostSearch).toBeLessThanOrEqual(12);
  });
});
