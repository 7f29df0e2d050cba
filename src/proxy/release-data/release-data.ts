import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { HISTORY_RELEASES } from '../../shared/api/schemas';
import { ProxyError } from '../errors';
import type { DatasetPage, SearchResults } from '../../shared/api/schemas';
import { matchReleases, type ReleaseMatch } from '../../shared/matching/match';
import type { Caller, ReleaseRef, SearchInput } from '../upstream/adapter';
import { createIntern, type DatasetDoc } from '../../shared/matching/dataset-doc';
import { politely } from './politely';
import { PAGE_SIZE, readRelease } from './read-release';
import { ReleaseDocuments } from './release-documents';
import { ReleaseStores, type Building } from './release-stores';
import type { Codec, SharedReads } from './shared-reads';

/** Where releases are read from: search pages (shared through the cache) and documents. */
export interface ReleaseDataDeps {
  searchPage(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults>;
  /** Documents without scores, so nothing is charged. */
  documents(caller: Caller, release: ReleaseRef, ids: number[]): Promise<DatasetPage>;
  /** Waits before a call is tried again after a 429 (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** Releases read once for every instance (Redis); unset: this instance reads its own. */
  shared?: SharedReads | undefined;
  /**
   * Before a release is read from the data service, on behalf of the user who asked first: may
   * throw (429, the user's free calls are spent). `calls` is what the reading is expected to cost.
   */
  admit?: (caller: Caller, calls: number) => Promise<void>;
}

/**
 * A release's documents as kept in Redis: JSON, its repeated names made one string again
 * when read back, as a reading here would have them.
 */
const DOCS: Codec<DatasetDoc[]> = {
  encode: (docs) => JSON.stringify(docs),
  decode: (text) => {
    const intern = createIntern();
    const name = (value: string | null) => (value === null ? null : intern(value));
    return (JSON.parse(text) as DatasetDoc[]).map((doc) => ({
      ...doc,
      activity: name(doc.activity),
      product: name(doc.product),
      unit: name(doc.unit),
      geography: name(doc.geography),
      time_period: name(doc.time_period),
      activity_type: name(doc.activity_type),
      isic_class: name(doc.isic_class),
      isic_section: name(doc.isic_section),
      sectors: doc.sectors.map(intern),
    }));
  },
};

/**
 * Release pairs matched at most, kept for the changes, upgrade checks and histories: a history
 * follows its dataset through up to HISTORY_RELEASES - 1 neighbouring pairs, and with fewer kept
 * every history of a long licence would match them all again; two more for a pair matched
 * directly and another page's pair. Each is a few MB.
 */
const MAX_PAIRS = HISTORY_RELEASES + 2;

export const releaseKey = (release: ReleaseRef) => `${release.version}\n${release.systemModel}`;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Every release read is kept gzipped (about 1 MB at full scale, against 11 MB of heap), up to
 * this much; one dropped from memory is made again from it with no call to the data service.
 */
const COLD_MAX_BYTES = 96 * 1024 * 1024;
/** A release read from the data service is not read from it again within this long. */
const REREAD_AFTER_MS = 10 * 60_000;
/** What reading a full-scale release costs (233 calls for 3.12 cutoff), before its first page. */
const READ_CALLS = 250;

/**
 * The documents of each release and system model, read once for everyone (free calls, under
 * the user who asked first, at most two releases at once, HISTORY_RELEASES kept), and every pair of them
 * matched once. The sector index, the changes, the upgrade check and a dataset's history are
 * all answered from here, so a release is never read twice.
 */
export function createReleaseData(deps: ReleaseDataDeps) {
  const retry = politely(deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
  const stores = new ReleaseStores<Caller & ReleaseRef, ReleaseDocuments>(
    async (key, { version, systemModel, ...caller }, progress) => {
      const release = { version, systemModel };
      // Admitted first, only when this instance reads it from the data service itself.
      const read = async (report: typeof progress) => {
        await deps.admit?.(caller, READ_CALLS);
        return readRelease(
          {
            searchPage: (from) =>
              retry(() => deps.searchPage(caller, release, { from, limit: PAGE_SIZE })),
            documents: (ids) => retry(() => deps.documents(caller, release, ids)),
          },
          report,
        );
      };
      const docs = deps.shared
        ? await deps.shared.obtain(`release\n${key}`, read, progress, DOCS)
        : await read(progress);
      return new ReleaseDocuments(release, docs);
    },
    // Kept read: as many as a dataset's history compares, so its releases are all held at once.
    HISTORY_RELEASES,
    2,
    {
      cold: {
        freeze: (documents) => gzipAsync(DOCS.encode([...documents.docs])),
        thaw: async (frozen, { version, systemModel }) =>
          new ReleaseDocuments(
            { version, systemModel },
            DOCS.decode((await gunzipAsync(frozen)).toString()),
          ),
        maxBytes: COLD_MAX_BYTES,
      },
      rebuildAfterMs: REREAD_AFTER_MS,
      tooSoon: (seconds) =>
        new ProxyError(503, 'release_read_limited', {
          detail: `This release was read from the data service less than ${REREAD_AFTER_MS / 60_000} minutes ago and is no longer held; it is read again in ${seconds} s at the earliest, so that no run of requests can multiply the calls made to the service.`,
          headers: { 'retry-after': String(seconds) },
        }),
    },
  );
  const pairs = new Map<
    string,
    { from: ReleaseDocuments; to: ReleaseDocuments; match: ReleaseMatch }
  >();

  /** A release's documents when read, else how far the reading has got (and it is started). */
  const get = (caller: Caller, release: ReleaseRef) =>
    stores.get(releaseKey(release), { ...caller, ...release });

  return {
    get,

    /** A release's documents if read; otherwise undefined, and the reading is under way. */
    ready(caller: Caller, release: ReleaseRef): ReleaseDocuments | undefined {
      return stores.ready(releaseKey(release), { ...caller, ...release });
    },

    /** Whether a release is read or being read. */
    has(release: ReleaseRef): boolean {
      return stores.has(releaseKey(release));
    },

    readyValues: () => stores.readyValues(),

    /** Several releases' documents, when all are read; else their reading's progress, summed. */
    all(
      caller: Caller,
      releases: readonly ReleaseRef[],
    ): { status: 'ready'; values: ReleaseDocuments[] } | Building {
      const states = releases.map((release) => get(caller, release));
      const values = states.flatMap((state) => (state.status === 'ready' ? [state.value] : []));
      if (values.length === states.length) return { status: 'ready', values };
      const size = (state: (typeof states)[number]) =>
        state.status === 'ready' ? state.value.docs.length : state.total;
      return {
        status: 'building',
        done: states.reduce((sum, s) => sum + (s.status === 'ready' ? size(s) : s.done), 0),
        total: states.reduce((sum, s) => sum + size(s), 0),
      };
    },

    /** Every dataset of `from` matched in `to`, once per pair of read releases. */
    pair(from: ReleaseDocuments, to: ReleaseDocuments): ReleaseMatch {
      const key = `${releaseKey(from.release)}>${releaseKey(to.release)}`;
      const known = pairs.get(key);
      pairs.delete(key);
      // A release read again after it was dropped is another object: match it anew.
      const entry =
        known?.from === from && known.to === to
          ? known
          : { from, to, match: matchReleases(from.index, to.index) };
      pairs.set(key, entry);
      for (const old of pairs.keys()) {
        if (pairs.size <= MAX_PAIRS) break;
        pairs.delete(old);
      }
      return entry.match;
    },
  };
}

export type ReleaseData = ReturnType<typeof createReleaseData>;
