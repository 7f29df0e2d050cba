import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../shared/api/schemas';
import { ProxyError } from '../errors';
import { PAGE_SIZE, READ_CONCURRENCY, readRelease, type ReleaseSource } from './read-release';
import { createReleaseData } from './release-data';

/**
 * A release of `n` datasets whose every answer takes a few milliseconds, as the data service's
 * take its latency: what matters is how many calls are in flight at once.
 */
function slowRelease(n: number, before: () => void = () => undefined) {
  const inFlight = { search: 0, documents: 0, mostSearch: 0, mostDocuments: 0 };
  const later = async () => {
    await new Promise((resolve) => setTimeout(resolve, 3));
    before();
  };
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
  it('keeps 48 calls in flight by default, every dataset read once and in order', async () => {
    const { source, inFlight } = slowRelease(5_000);
    const docs = await readRelease(source);
    expect(docs.map((doc) => doc.id)).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
    // Fifty batch calls: 48 at a time, never more (the service is not flooded).
    expect(READ_CONCURRENCY).toBe(48);
    expect(inFlight.mostDocuments).toBe(48);
    expect(inFlight.mostSearch).toBeLessThanOrEqual(48);
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

describe('the releases a history needs, read at once', () => {
  const caller = { userId: 'user', requestId: 'request' };
  const releases = ['3.10', '3.11', '3.12'].map((version) => ({ version, systemModel: 'cutoff' }));

  /** The releases' documents from fakes of the service, each release `n` datasets. */
  function service(n: number, concurrency: number, refuseAbove = Infinity) {
    const sources = new Map(releases.map((r) => [r.version, slowRelease(n)]));
    const seen = {
      ...{ inFlight: 0, most: 0, answered: 0, refused: 0, refusedLate: 0, readWhole: 0 },
      firstCall: [] as string[],
      /** How many releases had been read whole when each was first asked for. */
      readWholeBefore: [] as number[],
    };
    const batches = new Map<string, number>();
    /** One call to the service: counted in flight, refused past `refuseAbove` as a busy service. */
    const call = async <T>(version: string, work: () => Promise<T>): Promise<T> => {
      if (!seen.firstCall.includes(version)) {
        seen.firstCall.push(version);
        seen.readWholeBefore.push(seen.readWhole);
      }
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        if (seen.inFlight > refuseAbove) {
          seen.refused++;
          // Past the first hundred answers, the pool has had time to learn.
          if (seen.answered >= 100) seen.refusedLate++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          throw new ProxyError(503, 'upstream_busy', { headers: { 'retry-after': '1' } });
        }
        const answer = await work();
        seen.answered++;
        return answer;
      } finally {
        seen.inFlight--;
      }
    };
    const source = (version: string) => sources.get(version)?.source as ReleaseSource;
    const data = createReleaseData({
      concurrency,
      sleep: async () => undefined,
      searchPage: (_caller, release, input) =>
        call(release.version, () => source(release.version).searchPage(input.from)),
      documents: (_caller, release, ids) =>
        call(release.version, async () => {
          const page = await source(release.version).documents(ids);
          const answered = (batches.get(release.version) ?? 0) + 1;
          batches.set(release.version, answered);
          if (answered === n / PAGE_SIZE) seen.readWhole++;
          return page;
        }),
    });
    return { data, seen };
  }

  async function readAll(data: ReturnType<typeof service>['data']) {
    for (let attempt = 0; attempt < 2_000; attempt++) {
      const state = data.all(caller, releases);
      if (state.status === 'ready') return state.values;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the releases were never read');
  }

  it('reads all three together, never more calls in flight than RELEASE_READ_CONCURRENCY across them', async () => {
    const { data, seen } = service(2_000, 12);
    const values = await readAll(data);
    expect(values.map((docs) => docs.docs.length)).toEqual([2_000, 2_000, 2_000]);
    // Each release was asked for before any had been read whole: their waits overlap.
    expect(seen.firstCall).toEqual(['3.10', '3.11', '3.12']);
    expect(seen.readWholeBefore).toEqual([0, 0, 0]);
    expect(seen.most).toBe(12);
  });

  it('reads a service that refuses past four calls in flight whole, asking for less once refused', async () => {
    const { data, seen } = service(3_000, 32, 4);
    const values = await readAll(data);
    expect(values.map((docs) => docs.docs.length)).toEqual([3_000, 3_000, 3_000]);
    expect(seen.refused).toBeGreaterThan(0);
    // The first burst is refused (32 asked at once), halved to 16, 8, 4 as refusals come; then
    // it keeps within, trying one more only after as many answers as the ceiling.
    // once it has learnt, at most one refusal in twenty answers (a pool that did not adapt
    // has nearly every call past the fourth refused).
    expect(seen.refusedLate).toBeLessThanOrEqual(Math.ceil((seen.answered - 100) / 20));
  });
});
