import type { FastifyInstance } from 'fastify';
import { createCatalog, type Catalog } from '../cache/catalog';
import { ResponseCache } from '../cache/response-cache';
import { RedisAnswers } from '../cache/shared-answers';
import { loadChangeReports } from '../change-reports/load-reports';
import { LocalWork } from '../limits/local-work';
import { RedisLimits } from '../limits/redis-limits';
import { UserLimits, type Limits } from '../limits/user-limits';
import { createReleaseData } from '../release-data/release-data';
import { createAcrossReleases, type AcrossReleases } from '../release-data/across-releases';
import { RedisReads } from '../release-data/shared-reads';
import { createSuccessors, type Successors } from '../release-data/successors';
import { createSectorSearch, type SectorSearch } from '../sectors/sector-search';
import { UsageLedger } from '../usage/ledger';
import { inProcessLedger, type LedgerStore } from '../usage/ledger-store';
import { RedisLedger } from '../usage/redis-ledger';
import { createUsageRoute, type UsageRoute } from '../usage/usage-route';
import { createEvidence, serviceName, type Evidence } from '../evidence/evidence';
import { FileEvidence } from '../evidence/file-store';
import { RedisEvidence } from '../evidence/redis-store';
import { memoryEvidence, type EvidenceStore } from '../evidence/store';
import { EXPLORER_VERSION } from '../version';
import { createUserVerifier, type UserVerifier } from '../auth/user-auth';
import { unencapsulated } from './unencapsulated';

/** The proxy's own services, built once from its external dependencies and shared by every route. */
export interface Services {
  cache: ResponseCache;
  ledger: LedgerStore;
  /** Per verified user: requests a minute, calls at once, free calls an hour. */
  limits: Limits;
  /** Requests without a valid token, a minute per socket address. */
  addressLimits: Limits;
  /** Users' access tokens, verified once and remembered until they expire. */
  userVerifier: UserVerifier;
  /** Answers worked out in this process (upgrade checks, changes, histories): per user, and memory. */
  localWork: LocalWork;
  catalog: Catalog;
  acrossReleases: AcrossReleases;
  /** What a dataset of another release became in one: the upgrade check of that one entry. */
  successors: Successors;
  sectorSearch: SectorSearch;
  usage: UsageRoute;
  /** Provenance on scored answers, the evidence kept of them, and the check of saved exports. */
  evidence: Evidence;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Answers, ledger and limits in Redis for the fleet, or in this process. */
async function stores(app: FastifyInstance, callDeadlineMs: number) {
  const { config, now } = app.env;
  const store = app.sharedStore;
  const limitOptions = {
    perMinute: config.limits.perMinute,
    concurrent: config.limits.concurrent,
    queue: config.limits.queue,
    queueMs: config.limits.queueMs,
    freeCallsPerHour: config.limits.freeCallsPerHour,
    now,
  };
  if (store) {
    const ledger = new RedisLedger(store, {
      budget: config.budget,
      now,
      callDeadlineMs,
      log: app.log,
      witnessPath: config.usageWitnessPath,
      durability: config.redisDurability,
    });
    await ledger.start();
    return {
      cache: new ResponseCache(
        config.cacheMaxBytes,
        now,
        new RedisAnswers(store, config.cacheMaxBytes / 4),
      ),
      ledger: ledger as LedgerStore,
      limits: new RedisLimits(store, { ...limitOptions, slotMs: callDeadlineMs }) as Limits,
    };
  }
  const fileLedger = new UsageLedger({
    file: config.usageLedgerPath,
    budget: config.budget,
    now,
    log: app.log,
  });
  const { tornTail, unreadable, salvaged } = fileLedger.opened;
  if (tornTail > 0 || unreadable > 0) {
    app.log.warn(
      { ledger: config.usageLedgerPath, tornTail, unreadable, salvaged },
      'the usage ledger file had lines torn by a crash mid-write: their calls never went out; a torn last line was ended before anything was appended',
    );
  }
  if (fileLedger.recovered.calls > 0) {
    app.log.warn(
      { recovered: fileLedger.recovered },
      'scored calls left unsettled by the last run are counted as charged in full',
    );
  }
  return {
    cache: new ResponseCache(config.cacheMaxBytes, now),
    ledger: inProcessLedger(fileLedger),
    limits: new UserLimits(limitOptions) as Limits,
  };
}

/** The evidence store: Redis for the fleet, else this process's folder, else memory. */
function evidenceStore(app: FastifyInstance): EvidenceStore {
  const { dir, maxRecords } = app.env.config.evidence;
  if (app.sharedStore) return new RedisEvidence(app.sharedStore, maxRecords);
  if (!dir) return memoryEvidence(maxRecords);
  const store = FileEvidence.open(dir, maxRecords, app.log);
  if (store.unreadable > 0)
    app.log.warn(
      { evidence: dir, unreadable: store.unreadable },
      'the evidence folder had lines that could not be read (torn by a crash mid-write, or edited): skipped',
    );
  return store;
}

/**
 * The app plugin: wires the services every route uses from the external dependencies (config,
 * shared store, data service) and decorates the instance with them.
 */
export const appServicesPlugin = unencapsulated('app-services', async (app) => {
  const { config, now } = app.env;
  const { adapter, sends } = app.dataService;
  const { upstreamMs, tokenMs } = config.timeouts;
  // The longest a scored call can run: each of its sends, one more after a 401, two token waits.
  const callDeadlineMs = sends * upstreamMs + 2 * tokenMs + 5_000;
  const { cache, ledger, limits } = await stores(app, callDeadlineMs);
  app.addHook('onClose', () => ledger.close());
  const evidenceKept = evidenceStore(app);
  app.addHook('onClose', () => evidenceKept.close());
  // Requests without a valid token are limited by client address (the socket's, or the one a
  // trusted load balancer names), with Redis across the fleet: a limit per instance let three
  // instances take three times as many. They never reach the data service.
  const addressOptions = {
    perMinute: config.limits.unauthPerMinute,
    concurrent: 1,
    now,
    policy: 'per-address' as const,
  };
  const addressLimits: Limits = app.sharedStore
    ? new RedisLimits(app.sharedStore, { ...addressOptions, slotMs: callDeadlineMs })
    : new UserLimits(addressOptions);

  const changeReports = await loadChangeReports(config.changeReportsDir);
  if (changeReports.dir !== null)
    app.log.info(
      { dir: changeReports.dir, reports: changeReports.pairs.length },
      'change reports loaded: verdicts across releases follow them where they name a dataset',
    );
  else
    app.log.info(
      'no CHANGE_REPORTS_DIR: changes across releases are inferred from documentation only',
    );

  const catalog = createCatalog({ adapter, cache, limits, fleet: config.redisUrl !== undefined });
  // Every release's documents, read once and shared by sectors, changes and upgrade checks.
  const releaseData = createReleaseData({
    shared: app.sharedStore ? new RedisReads(app.sharedStore) : undefined,
    reports: changeReports,
    searchPage: (caller, release, input) =>
      catalog.searchResults(caller, release, input, { userSlot: false }),
    documents: (caller, release, ids) =>
      adapter.batch(caller, release, { from: 0, limit: ids.length }, { dataset_ids: ids }),
    // A release read is shared by everyone; it costs the user who asked first, before it starts.
    admit: (caller, calls) => limits.spend(caller.userId, calls),
    concurrency: config.limits.releaseReadConcurrency,
  });
  const sectorSearch = createSectorSearch({
    // A search filtered by sector reads its query's whole result (up to 100 pages): each page
    // nobody asked for yet is one of the user's own calls, counted and limited as such.
    searchPage: (caller, release, input) =>
      catalog.searchResults(caller, release, input, { userSlot: true }),
    releases: releaseData,
  });
  const acrossReleases = createAcrossReleases({ data: releaseData, listed: catalog.releases });
  app.decorate('services', {
    cache,
    ledger,
    limits,
    addressLimits,
    userVerifier: createUserVerifier(config.auth, {
      fetch: app.env.fetch,
      timeoutMs: config.timeouts.tokenMs,
      now,
    }),
    // This instance's memory: bounded here, whatever the other instances hold.
    localWork: new LocalWork({
      perUser: config.limits.localWorkPerUser,
      maxBytes: config.limits.localWorkBytes,
    }),
    catalog,
    acrossReleases,
    successors: createSuccessors({
      listed: catalog.releases,
      holds: catalog.holds,
      spold: catalog.spoldPage,
      acrossReleases,
    }),
    sectorSearch,
    usage: createUsageRoute({ ledger, config }),
    evidence: createEvidence({
      store: evidenceKept,
      service: serviceName(config.dataApi),
      explorerVersion: EXPLORER_VERSION,
      now,
    }),
  });
});
