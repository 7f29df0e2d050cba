import type { DatasetPage, Indicators, Releases, SearchResults } from '../../shared/api/schemas';
import { DEFAULT_SYSTEM_MODEL, LATEST } from '../../shared/versions';
import { ProxyError } from '../errors';
import type { Limits } from '../limits/user-limits';
import {
  releaseQuery,
  type Caller,
  type ReleaseRef,
  type SearchInput,
  type UpstreamAdapter,
} from '../upstream/adapter';
import { answerKey, type ResponseCache } from './response-cache';

const VERSIONS_TTL_MS = 5 * 60_000;

/** A release's key with the search's own inputs, as every cached search page is keyed. */
export function searchKey(release: ReleaseRef, input: object) {
  const key = releaseQuery(release);
  for (const [name, value] of Object.entries(input))
    if (value !== undefined && value !== '') key.set(name, String(value));
  return key;
}

/**
 * What several routes read through the cache: the licensed releases, a release resolved from
 * `latest`, a dataset's documentation and the service's search pages, each one entry wherever
 * it is asked for.
 */
export function createCatalog(deps: {
  adapter: UpstreamAdapter;
  cache: ResponseCache;
  limits: Limits;
}) {
  const { adapter, cache, limits } = deps;

  // The releases are read on every data request: their value is kept with the cached answer.
  const versionsAnswer = (caller: Caller) =>
    cache.getOrProduceValue<Releases>('GET /api/versions', () => adapter.versions(caller), {
      store: true,
      ttlMs: VERSIONS_TTL_MS,
    });
  const releases = async (caller: Caller): Promise<Releases> =>
    (await versionsAnswer(caller)).value;

  /** A release's answer for everyone, produced once and kept. */
  const shared = (key: string, produce: () => Promise<unknown>) =>
    cache.getOrProduce(key, async () => JSON.stringify(await produce()), { store: true });

  /**
   * A page of search results, shared by the search route and the sector index (a page one reads
   * is free for the other). A user's own search counts against their concurrent calls; the
   * index's reading, shared by everyone, does not.
   */
  const searchPage = (
    caller: Caller,
    release: ReleaseRef,
    input: SearchInput,
    options: { userSlot: boolean },
  ) => {
    const call = () => adapter.search(caller, release, input);
    return cache.getOrProduceValue<SearchResults>(
      answerKey('GET', '/api/datasets', searchKey(release, input)),
      () => (options.userSlot ? limits.withSlot(caller.userId, call) : call()),
      { store: true },
    );
  };

  return {
    versionsAnswer,
    releases,
    shared,
    searchPage,
    /** A search page's results, for the code that reads them (ranking, sector index). */
    searchResults: async (
      caller: Caller,
      release: ReleaseRef,
      input: SearchInput,
      options: { userSlot: boolean },
    ) => (await searchPage(caller, release, input, options)).value,

    /** `latest` (or no version) becomes the concrete release, so every answer is one release's. */
    async resolve(
      caller: Caller,
      query: { version?: string | undefined; system_model?: string | undefined },
    ): Promise<ReleaseRef> {
      const systemModel = query.system_model ?? DEFAULT_SYSTEM_MODEL;
      if (query.version !== undefined && query.version !== LATEST)
        return { version: query.version, systemModel };
      const latest = (await releases(caller)).latest;
      if (latest === null)
        throw new ProxyError(403, 'not_licensed', {
          detail: 'Your organisation’s licence holds no release.',
        });
      return { version: latest, systemModel };
    },

    /**
     * Refuses a release the licence does not list before the proxy works on it: any string of
     * the right shape would otherwise key a sector index of its own and start a build.
     */
    async assertListed(caller: Caller, release: ReleaseRef) {
      const listed = (await releases(caller)).releases.some(
        (entry) =>
          entry.version === release.version && entry.system_models.includes(release.systemModel),
      );
      if (!listed)
        throw new ProxyError(404, 'not_found', {
          detail: `The licence lists no release ${release.version} with system model ${release.systemModel}.`,
          hint: 'GET /api/versions lists the releases',
        });
    },

    /** A release's indicators, read once for everyone: one entry, whichever route asks. */
    indicators: (caller: Caller, release: ReleaseRef) =>
      cache.getOrProduceValue<Indicators>(
        answerKey('GET', '/api/indicators', releaseQuery(release)),
        () => limits.withSlot(caller.userId, () => adapter.indicators(caller, release)),
        { store: true },
      ),

    /**
     * A dataset's documentation in one release (free, the same for everyone): one cache entry,
     * read by the dataset route and by the question which releases hold the dataset.
     */
    documentation: (caller: Caller, release: ReleaseRef, id: number) =>
      shared(answerKey('GET', `/api/datasets/${id}`, releaseQuery(release)), () =>
        limits.withSlot(caller.userId, () => adapter.dataset(caller, release, id, [])),
      ),

    /**
     * Datasets by their Spold UUIDs in one release (free, the same for everyone): one cache
     * entry, read by the Spold route and by the question which releases hold a UUID or file name.
     */
    spoldPage: (
      caller: Caller,
      release: ReleaseRef,
      uuids: { activity?: string; product?: string; geography?: string },
    ) => {
      const key = releaseQuery(release);
      for (const [name, value] of Object.entries(uuids)) key.set(name, value);
      return cache.getOrProduceValue<DatasetPage>(
        answerKey('GET', '/api/datasets/spold', key),
        () => limits.withSlot(caller.userId, () => adapter.spold(caller, release, uuids)),
        { store: true },
      );
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
