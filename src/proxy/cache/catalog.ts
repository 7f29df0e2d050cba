import type {
  DatasetPage,
  Indicator,
  Indicators,
  Releases,
  SearchResults,
} from '../../shared/api/schemas';
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
import {
  absentBody,
  answerKey,
  usersOwnKey,
  type CachedAnswer,
  type ResponseCache,
} from './response-cache';

const VERSIONS_TTL_MS = 5 * 60_000;

/** A release's key with the search's own inputs, as every cached search page is keyed. */
export function searchKey(release: ReleaseRef, input: object) {
  const key = releaseQuery(release);
  for (const [name, value] of Object.entries(input))
    if (value !== undefined && value !== '') key.set(name, String(value));
  return key;
}

/** The licence's releases, kept under the key of the route that sends them. */
const VERSIONS_KEY = 'GET /api/versions';

/** The refusal of a release the licence does not list, before any work or call for it. */
const notListed = (release: ReleaseRef) =>
  new ProxyError(404, 'not_found', {
    detail: `The licence lists no release ${release.version} with system model ${release.systemModel}.`,
    hint: 'GET /api/versions lists the releases',
  });

/**
 * The refusal of a listed version in a system model the licence does not list with it, as the
 * data service refuses it (403), before any answer kept from when the licence did.
 */
const modelNotListed = (release: ReleaseRef, models: readonly string[]) =>
  new ProxyError(403, 'not_licensed', {
    detail: `The licence lists release ${release.version} with system model${models.length === 1 ? '' : 's'} ${models.join(', ')}, not ${release.systemModel}.`,
    hint: 'GET /api/versions lists the releases',
  });

/**
 * What a licence's list says of a release: listed, or the refusal it calls for. A system model
 * the list names with no version at all is refused as one that may not exist (404), as the
 * explorer tells them apart (`release-layout.tsx`).
 */
const verdictOf = (releases: Releases, release: ReleaseRef): ProxyError | undefined => {
  const entry = releases.releases.find((listed) => listed.version === release.version);
  if (!entry) return notListed(release);
  if (entry.system_models.includes(release.systemModel)) return undefined;
  const known = releases.releases.some((listed) =>
    listed.system_models.includes(release.systemModel),
  );
  return known ? modelNotListed(release, entry.system_models) : notListed(release);
};

/**
 * What several routes read through the cache: the licensed releases, a release resolved from
 * `latest`, a dataset's documentation and the service's search pages, each one entry wherever
 * it is asked for.
 */
export function createCatalog(deps: {
  adapter: UpstreamAdapter;
  cache: ResponseCache;
  limits: Limits;
  /**
   * The cache is shared with other instances (Redis): a process that has not read the licence's
   * list may hold the fleet's kept answers, so it reads the list before its first answer too.
   */
  fleet?: boolean;
}) {
  const { adapter, cache, limits } = deps;

  /**
   * Whether this process has read the licence's list: until then it has answered no request
   * from a list, and its own cache holds only what the service gave it since it started.
   */
  let listRead = false;
  /** Whether a list never read is read before an answer (`fleet`), or left to the service. */
  const mustRead = () => listRead || deps.fleet === true;
  // The releases are read on every data request: their value is kept with the cached answer.
  const versionsAnswer = async (caller: Caller) => {
    const answer = await cache.getOrProduceValue<Releases>(
      VERSIONS_KEY,
      () => adapter.versions(caller),
      { store: true, ttlMs: VERSIONS_TTL_MS },
    );
    listRead = true;
    return answer;
  };
  const releases = async (caller: Caller): Promise<Releases> =>
    (await versionsAnswer(caller)).value;

  const indicatorsAnswer = (caller: Caller, release: ReleaseRef) =>
    cache.getOrProduceValue<Indicators>(
      answerKey('GET', '/api/indicators', releaseQuery(release)),
      () => limits.withSlot(caller.userId, () => adapter.indicators(caller, release)),
      { store: true },
    );

  /** An answer that is the same for everyone (no scores), produced once and kept. */
  const shared = (key: string, produce: () => Promise<unknown>) =>
    cache.getOrProduce(key, async () => JSON.stringify(await produce()), { store: true });

  /**
   * A user's own answer (with scores: the data service bills each user for what they are
   * given), kept under `key` with the user in it, so it is never given to another user.
   */
  const usersOwn = (userId: string, key: string, produce: () => Promise<unknown>) =>
    shared(usersOwnKey(key, userId), produce);

  /** The licence's releases if this process has them at hand, without asking anyone. */
  const releasesAtHand = () => cache.valueAtHand(VERSIONS_KEY) as Releases | undefined;

  /**
   * What the licence's list says of a named release, as `resolve` decides: the list read within
   * VERSIONS_TTL_MS; one older is read again first (one call for every request waiting, at most
   * one each VERSIONS_TTL_MS), so no answer kept for a release is given once the licence no
   * longer lists it. A list never read is not read for this alone, which would cost a fresh
   * proxy's first call a round trip: the service's own 404 or 403 says what it lacks (but an
   * instance of a fleet reads it, `fleet`). If the list cannot be read again the request goes on
   * the same way.
   */
  const judged = async (caller: Caller, release: ReleaseRef) => {
    const atHand = releasesAtHand();
    if (atHand) return verdictOf(atHand, release);
    if (!mustRead()) return undefined;
    try {
      return verdictOf(await releases(caller), release);
    } catch {
      return undefined;
    }
  };

  /** Whether the licence lists the release (its list is read through the cache). */
  const listed = async (caller: Caller, release: ReleaseRef) =>
    verdictOf(await releases(caller), release) === undefined;

  /**
   * A release's answer for everyone, where "not in this release" is an answer too: kept like a
   * positive one, here and for the fleet, within the same caps (a release never changes, and
   * each such request cost a call). Only for a release the licence lists: a 404 for one it does
   * not (a release not yet published, a mistyped version) is not the release's answer, and is
   * thrown. A kept absence comes back as an answer with `absent` set, not thrown: an error's
   * stack and Fastify's error path cost each such request more than a hit (issue 32's mix), and
   * the API route sends it as its 404, never as a 200.
   */
  const sharedOrAbsent = (
    caller: Caller,
    release: ReleaseRef,
    key: string,
    produce: () => Promise<unknown>,
  ): Promise<CachedAnswer> =>
    cache.getOrProduce(
      key,
      async () => {
        try {
          return JSON.stringify(await produce());
        } catch (error) {
          if (isAbsence(error) && (await listed(caller, release)))
            return absentBody(error.options.detail ?? error.message);
          throw error;
        }
      },
      { store: true },
    );

  const documentation = (caller: Caller, release: ReleaseRef, id: number) =>
    sharedOrAbsent(caller, release, documentationKey(release, id), () =>
      limits.withSlot(caller.userId, () => adapter.dataset(caller, release, id, [])),
    );

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
    usersOwn,
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
      if (query.version !== undefined && query.version !== LATEST) {
        const release = { version: query.version, systemModel };
        // A release the licence's list lacks is refused here, before the data service is asked
        // anything and before any answer kept for it is given: a version it lacks (a mistyped
        // link; 404), or a system model it does not list the version with (403, as the service
        // says it; 404 for one it lists with no version). The explorer's pages start their
        // queries beside their own check of the release, so the list is usually at hand; one
        // past its time is read again first (`judged`).
        const refusal = await judged(caller, release);
        if (refusal) throw refusal;
        return release;
      }
      const list = await releases(caller);
      if (list.latest === null)
        throw new ProxyError(403, 'not_licensed', {
          detail: 'Your organisation’s licence holds no release.',
        });
      // The latest release, in the system model asked for (or the default), if the list has it.
      const release = { version: list.latest, systemModel };
      const refusal = verdictOf(list, release);
      if (refusal) throw refusal;
      return release;
    },

    /**
     * Whether a kept answer of `release` may be given again without asking anyone (a cache
     * replay, `routes/replays.ts`): while the licence's list read within VERSIONS_TTL_MS lists
     * it, or no list was ever read here (as `resolve` allows it). A list past its time sends the
     * request the full path, whose `resolve` reads the list again.
     */
    listedWithin(release: ReleaseRef): boolean {
      const atHand = releasesAtHand();
      if (atHand) return verdictOf(atHand, release) === undefined;
      return !mustRead();
    },

    /**
     * Refuses a release the licence does not list before the proxy works on it: any string of
     * the right shape would otherwise key a sector index of its own and start a build.
     */
    async assertListed(caller: Caller, release: ReleaseRef) {
      if (!(await listed(caller, release))) throw notListed(release);
    },

    /** A release's indicators (free, the same for everyone), kept with their value. */
    indicatorsAnswer,

    /** A release's indicators by ID, to tell an indicator it lacks from a score not given. */
    async indicatorsById(caller: Caller, release: ReleaseRef): Promise<Map<number, Indicator>> {
      const { value } = await indicatorsAnswer(caller, release);
      return new Map(value.indicators.map((indicator) => [indicator.id, indicator]));
    },

    /**
     * A dataset's documentation in one release (free, the same for everyone): one cache entry,
     * read by the dataset route and by the question which releases hold the dataset. An answer
     * with `absent` set when the release lacks the dataset.
     */
    documentation,

    /**
     * Whether a release holds the dataset, from its documentation: false when the release lacks
     * it or is not one the licence lists (a 404); any other failure is thrown.
     */
    holds: async (caller: Caller, release: ReleaseRef, id: number): Promise<boolean> => {
      try {
        return (await documentation(caller, release, id)).absent === undefined;
      } catch (error) {
        if (error instanceof ProxyError && error.status === 404) return false;
        throw error;
      }
    },

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

    /**
     * Whether this instance already knows the dataset is not in the release (its documentation
     * answered "not in this release"): a scored call for it need not be sent, nor reserved.
     */
    knownAbsent(release: ReleaseRef, id: number): ProxyError | undefined {
      const absent = cache.get(documentationKey(release, id))?.absent;
      return absent === undefined ? undefined : notInRelease(absent);
    },
  };
}

/**
 * Whether a request names its release (a version other than `latest`), so the release it reads
 * cannot change with the licence's list: its shared answers may be replayed.
 */
const namesRelease = (query: { version?: string | undefined }) =>
  query.version !== undefined && query.version !== LATEST;

/** The release a replay of the answer belongs to, when the request named it (`namesRelease`). */
export const replayOf = (
  query: { version?: string | undefined },
  release: ReleaseRef,
): ReleaseRef | undefined => (namesRelease(query) ? release : undefined);

const documentationKey = (release: ReleaseRef, id: number) =>
  answerKey('GET', `/api/datasets/${id}`, releaseQuery(release));

/** "Not in this release" as the service said it: an answer, not a fault. */
const isAbsence = (error: unknown): error is ProxyError =>
  error instanceof ProxyError && error.status === 404 && error.code === 'not_found';

const notInRelease = (detail: string) => new ProxyError(404, 'not_found', { detail });

export type Catalog = ReturnType<typeof createCatalog>;
