import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { HISTORY_RELEASES } from '../../shared/api/schemas';
import { ProxyError } from '../errors';
import type { DatasetPage, SearchResults } from '../../shared/api/schemas';
import {
  decideAlong,
  decidePair,
  reverseDecision,
  type Decision,
} from '../../shared/matching/decide';
import { resolveReport, type ResolvedReport } from '../../shared/matching/report-match';
import { compareVersions, releaseKey } from '../../shared/versions';
import type { ChangeReports } from '../change-reports/load-reports';
import type { Caller, ReleaseRef, SearchInput } from '../upstream/adapter';
import { createIntern, type DatasetDoc } from '../../shared/matching/dataset-doc';
import { politely } from './politely';
import { PAGE_SIZE, READ_CONCURRENCY, readRelease } from './read-release';
import { ReadPool } from './read-pool';
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
  /** ecoinvent's change reports the operator gave (`CHANGE_REPORTS_DIR`); none: inference only. */
  reports?: ChangeReports | undefined;
  /** Free calls in flight for all the releases read at once (`RELEASE_READ_CONCURRENCY`). */
  concurrency?: number;
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
 * Decisions kept for the changes, upgrade checks and histories: a history needs up to
 * HISTORY_RELEASES - 1 neighbouring pairs and HISTORY_RELEASES - 2 longer chains from its
 * release, and with fewer kept every history of a long licence would decide them all again;
 * one more for another page. Each takes about 14 MB of heap at full scale (a fate per dataset).
 */
const MAX_DECISIONS = 2 * HISTORY_RELEASES - 2;

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
 * the user who asked first, as many releases at once as a history compares, HISTORY_RELEASES
 * kept, one pool of calls in flight for them all), and what
 * became of every dataset between two of them decided once (by the change reports where
 * loaded). The sector index, the changes, the upgrade check and a dataset's history are all
 * answered from here, so a release is never read twice and the three never disagree.
 */
export function createReleaseData(deps: ReleaseDataDeps) {
  const retry = politely(deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
  // One pool for every release under way: a wait after a 429 is spent outside it, holding no
  // place another call could use.
  const pool = new ReadPool(deps.concurrency ?? READ_CONCURRENCY);
  const stores = new ReleaseStores<Caller & ReleaseRef, ReleaseDocuments>(
    async (key, { version, systemModel, ...caller }, progress) => {
      const release = { version, systemModel };
      // Admitted first, only when this instance reads it from the data service itself.
      const read = async (report: typeof progress) => {
        await deps.admit?.(caller, READ_CALLS);
        return readRelease(
          {
            searchPage: (from) =>
              retry(() =>
                pool.run(() => deps.searchPage(caller, release, { from, limit: PAGE_SIZE })),
              ),
            documents: (ids) => retry(() => pool.run(() => deps.documents(caller, release, ids))),
          },
          report,
          pool.ceiling,
        );
      };
      const docs = deps.shared
        ? await deps.shared.obtain(`release\n${key}`, read, progress, DOCS)
        : await read(progress);
      return new ReleaseDocuments(release, docs);
    },
    // Kept read: as many as a dataset's history compares, so its releases are all held at once;
    // and read at once, the pool keeping the calls in flight to its ceiling however many they are.
    HISTORY_RELEASES,
    HISTORY_RELEASES,
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
  const decisions = new Map<string, { chain: readonly ReleaseDocuments[]; decision: Decision }>();
  /** The loaded report between two neighbouring releases, matched to their datasets. */
  const reportOf = (from: ReleaseDocuments, to: ReleaseDocuments): ResolvedReport | undefined => {
    const report = deps.reports?.get({
      from: from.release.version,
      to: to.release.version,
      systemModel: to.release.systemModel,
    });
    return report
      ? resolveReport(
          report,
          { from: from.release.version, to: to.release.version },
          from.index,
          to.index,
        )
      : undefined;
  };
  /** Kept once made, the least recently used dropped first. */
  const remembered = (chain: readonly ReleaseDocuments[], make: () => Decision): Decision => {
    const key = chain.map((docs) => releaseKey(docs.release)).join('>');
    const known = decisions.get(key);
    decisions.delete(key);
    // A release read again after it was dropped is another object: decide anew.
    const entry =
      known && known.chain.every((docs, i) => docs === chain[i])
        ? known
        : { chain, decision: make() };
    decisions.set(key, entry);
    for (const old of decisions.keys()) {
      if (decisions.size <= MAX_DECISIONS) break;
      decisions.delete(old);
    }
    return entry.decision;
  };
  const forward = (chain: readonly ReleaseDocuments[]): Decision =>
    remembered(chain, () => {
      const [first, ...rest] = chain;
      const last = rest.at(-1);
      if (!first || !last) throw new Error('a decision needs two releases');
      if (rest.length === 1) return decidePair(first.index, last.index, reportOf(first, last));
      const steps = rest.map((to, i) => forward([chain[i] ?? first, to]));
      return decideAlong(first.index, last.index, steps);
    });

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
        read: Promise.all(
          states.flatMap((s) => (s.status === 'building' && s.read ? [s.read] : [])),
        ).then(() => undefined),
      };
    },

    /**
     * What became of every dataset of the first release of `chain` in its last, followed through
     * the releases between (given in order, older to newer or newer to older); decided once.
     */
    decision(chain: readonly ReleaseDocuments[]): Decision {
      const [first] = chain;
      const last = chain.at(-1);
      if (!first || !last || first === last) throw new Error('a decision needs two releases');
      if (compareVersions(first.release.version, last.release.version) < 0) return forward(chain);
      const older = [...chain].reverse();
      return remembered(chain, () => reverseDecision(forward(older), last.index, first.index));
    },
  };
}

export type ReleaseData = ReturnType<typeof createReleaseData>;
