import { describe, expect, it } from 'vitest';
import type { Releases } from '../../shared/api/schemas';
import type { Limits } from '../limits/user-limits';
import type { UpstreamAdapter } from '../upstream/adapter';
import { createCatalog } from './catalog';
import { ResponseCache } from './response-cache';
import type { SharedAnswers } from './shared-answers';

// The licence's list and the answers kept for releases, on a catalogue of its own: an adapter
// that counts what it is asked, a clock the test moves, and for a fleet a store of answers
// shared between two catalogues (Redis's part, as `RedisAnswers` plays it).
const caller = { userId: 'user', requestId: 'request' };
const limits = { withSlot: (_key: string, call: () => Promise<unknown>) => call() } as Limits;
const MINUTES = 60_000;

function catalogue(listed: () => Releases, options: { shared?: SharedAnswers; fleet?: boolean }) {
  const asked: string[] = [];
  const clock = { now: 0 };
  const adapter = {
    versions: async () => {
      asked.push('versions');
      return listed();
    },
    indicators: async (_caller: unknown, release: { version: string; systemModel: string }) => {
      asked.push(`indicators ${release.version} ${release.systemModel}`);
      return { indicators: [] };
    },
  } as unknown as UpstreamAdapter;
  const cache = new ResponseCache(64 * 1024 * 1024, () => clock.now, options.shared);
  return {
    asked,
    clock,
    catalog: createCatalog({ adapter, cache, limits, fleet: options.fleet ?? false }),
  };
}

/** A store two catalogues share, keeping answers with no time limit (as a week is, here). */
function sharedStore(): SharedAnswers & { drop: (part: string) => void } {
  const kept = new Map<string, string>();
  return {
    fetch: async (key, produce) => {
      const hit = kept.get(key);
      if (hit !== undefined) return hit;
      const body = await produce();
      kept.set(key, body);
      return body;
    },
    drop: (part) => {
      for (const key of kept.keys()) if (key.includes(part)) kept.delete(key);
    },
  };
}

const consequential = { version: '3.12', system_model: 'consequential' };

/** The licence's list: 3.11 in both system models, 3.12 in `models`. */
const listOf = (models: string[]): Releases => ({
  latest: '3.12',
  releases: [
    {
      version: '3.11',
      system_models: ['cutoff', 'consequential'],
      release_date: null,
      kind: 'release',
    },
    { version: '3.12', system_models: models, release_date: null, kind: 'release' },
  ],
});

describe('the licence’s list decides which release an answer is given for', () => {
  it('an instance of a fleet reads the list before giving the fleet’s kept answer', async () => {
    let models = ['cutoff', 'consequential'];
    const list = () => listOf(models);
    const store = sharedStore();
    const first = catalogue(list, { shared: store, fleet: true });
    const release = await first.catalog.resolve(caller, consequential);
    await first.catalog.indicatorsAnswer(caller, release);
    expect(first.asked).toEqual(['versions', 'indicators 3.12 consequential']);

    // The licence drops it and the fleet's copy of the list lapses; the indicators stay kept.
    models = ['cutoff'];
    store.drop('versions');
    const second = catalogue(list, { shared: store, fleet: true });
    expect(second.catalog.listedWithin({ version: '3.12', systemModel: 'consequential' })).toBe(
      false,
    );
    await expect(second.catalog.resolve(caller, consequential)).rejects.toMatchObject({
      status: 403,
      code: 'not_licensed',
    });
    expect(second.asked).toEqual(['versions']);
  });

  it('a single process leaves a list it never read to the service, and reads one past its time', async () => {
    let models = ['cutoff', 'consequential'];
    const { catalog, asked, clock } = catalogue(() => listOf(models), {});
    // Never read: not read for this alone (the service's own answer says what it lacks).
    expect(await catalog.resolve(caller, consequential)).toEqual({
      version: '3.12',
      systemModel: 'consequential',
    });
    expect(catalog.listedWithin({ version: '3.12', systemModel: 'consequential' })).toBe(true);
    expect(asked).toEqual([]);
    await catalog.releases(caller);
    models = ['cutoff'];
    // Within its five minutes the list read decides; past them it is read again first.
    clock.now = 4 * MINUTES;
    expect(await catalog.resolve(caller, consequential)).toBeDefined();
    clock.now = 6 * MINUTES;
    expect(catalog.listedWithin({ version: '3.12', systemModel: 'consequential' })).toBe(false);
    await expect(catalog.resolve(caller, consequential)).rejects.toMatchObject({ status: 403 });
    expect(asked).toEqual(['versions', 'versions']);
  });
});
