import type { Dataset, DatasetPage, Indicators, Releases } from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import type { DataApi } from '../data-api';
import { aligned, pageParams, PagingError, readRange } from '../paging';
import { notInRelease, saysAbsent } from './absence';
import { createReleaseConfirmation, describeVocabulary, type Vocabulary } from './confirm-releases';
import { UnchargedFailure } from './errors';
import { readBatch, readDataset, readSpold } from './datasets';
import { readIndicatorPage, type IndicatorEntry } from './indicators';
import { createSearches } from './search';
import {
  pagingNameOf,
  releaseQuery,
  type AdapterSettings,
  type Caller,
  type ReleaseRef,
  type SearchInput,
} from './common';
import { readVersions } from './versions';

/**
 * The one place that knows the data service's shapes and paging: each method makes the
 * service's calls and returns the proxy's own answer (src/shared/api). What the service sent is
 * noted per route ("which variant it saw"), once each time it changes.
 */

/** Indicators a release may have at most before the adapter stops: far above any release's. */
const MAX_INDICATORS = 20_000;

export { searchRowKey } from './search';
export type { AdapterSettings, Caller, ReleaseRef, SearchInput } from './common';
/** A release as the data service's query names it; also the cache's key of a release's answers. */
export { releaseQuery } from './common';

export function createUpstreamAdapter(
  dataApi: DataApi,
  settings: AdapterSettings,
  report: (route: string, variant: string) => void = () => undefined,
  /** Told when a list's total disagrees with what it lists (the proxy's log, at warn). */
  disagree: (fields: { route: string; claimed: number; listed: number }) => void = () => undefined,
) {
  const seen = new Map<string, string>();
  const note = (route: string, variant: string) => {
    if (seen.get(route) === variant) return;
    seen.set(route, variant);
    report(route, variant);
  };
  /** A free GET, which the transport may ask again after a 429 or 503. */
  const get = (caller: Caller, path: string, query?: URLSearchParams) =>
    dataApi.call({ method: 'GET', path, ...(query ? { query } : {}), ...caller, retry: true });
  const paged = (query: URLSearchParams, from: number, size: number) => {
    for (const [name, value] of pageParams(settings.searchPaging, from, size))
      query.set(name, value);
    return query;
  };
  const pagingName = pagingNameOf(settings.searchPaging);
  const lowerBound = (route: string, claimed: number, listed: number) =>
    disagree({ route, claimed, listed });
  const searches = createSearches({ get, note, paged, settings, lowerBound });
  const confirmReleases = createReleaseConfirmation();
  let vocabulary: Vocabulary | undefined;

  return {
    settings,
    /** The variant last seen per route, e.g. for readiness and the contract check. */
    variants: (): Record<string, string> => Object.fromEntries(seen),
    /** What the last reading of `/versions` found of the data routes' names for system models. */
    releaseVocabulary: () => vocabulary,

    async versions(caller: Caller): Promise<Releases> {
      const read = readVersions((await get(caller, '/versions')).body);
      note('GET /versions', read.variant);
      // Each listed combination tried on the data routes (once per process), so the explorer
      // never offers one they refuse: one row of the search, free.
      const confirmed = await confirmReleases(read.value, (version, systemModel) =>
        get(
          caller,
          '/datasets',
          new URLSearchParams({ version, system_model: systemModel, limit: '1' }),
        ),
      );
      vocabulary = confirmed.vocabulary;
      note('GET /versions vocabulary', describeVocabulary(vocabulary));
      return confirmed.value;
    },

    async indicators(caller: Caller, release: ReleaseRef): Promise<Indicators> {
      // An object, not two lets: the reads below happen in callbacks.
      const shape = { nested: false, renamed: false };
      const range = await readRange<IndicatorEntry>({
        route: 'GET /indicators',
        pageSize: settings.pageSize,
        alignedPages: aligned(settings.searchPaging),
        from: 0,
        count: Infinity,
        key: (entry) => entry.key,
        maxItems: MAX_INDICATORS,
        fetch: async (from, size) => {
          const page = readIndicatorPage(
            (await get(caller, '/indicators', paged(releaseQuery(release), from, size))).body,
          );
          shape.nested ||= page.nested;
          shape.renamed ||= page.renamed;
          return { items: page.entries, total: page.total };
        },
      });
      // Read to its end: the count is what was listed, whatever the total said.
      const lower = range.short && range.claimed !== undefined ? range.claimed : undefined;
      if (lower !== undefined)
        lowerBound('GET /indicators', lower, range.total ?? range.items.length);
      note(
        'GET /indicators',
        [
          shape.nested ? 'nested method → category → indicator' : 'a flat list',
          range.whole || range.pages === 1
            ? 'in one answer'
            : `paged by ${pagingName} (${range.pages} pages)`,
          ...(shape.renamed ? ['renamed fields mapped: name → indicator'] : []),
          ...(lower === undefined
            ? []
            : [
                `its total (${lower}) a lower bound: ${range.total ?? '?'} listed, read to the end`,
              ]),
        ].join(', '),
      );
      return { indicators: range.items.flatMap((entry) => entry.indicators) };
    },

    search: (caller: Caller, release: ReleaseRef, input: SearchInput) =>
      searches.search(caller, release, input),

    async spold(
      caller: Caller,
      release: ReleaseRef,
      uuids: { activity?: string; product?: string; geography?: string },
    ): Promise<DatasetPage> {
      if (settings.spoldRoute === null) {
        throw new ProxyError(501, 'spold_lookup_unavailable', {
          detail:
            'The data service offers no lookup by Spold UUID, so UUIDs and ecoSpold file names cannot be looked up. Search datasets by name instead; a Dataset ID still opens its dataset.',
          hint: 'DATA_API_SPOLD_ROUTE names the service’s lookup route once it is known',
        });
      }
      const query = releaseQuery(release);
      if (uuids.activity) query.set('activity_spold_uuid', uuids.activity);
      if (uuids.product) query.set('product_spold_uuid', uuids.product);
      if (uuids.geography) query.set('geography_spold_uuid', uuids.geography);
      const route = `GET ${settings.spoldRoute}`;
      let body: unknown;
      try {
        body = (await get(caller, settings.spoldRoute, query)).body;
      } catch (error) {
        // The service answers "no match" with 404 (upstream-api.md §13.6); it is an answer, not
        // a fault, and a UUID tried as activity, product and geography mostly meets it. A route
        // that does not exist at all is what `npm run check:upstream` reports.
        if (error instanceof ProxyError && error.status === 404) return { total: 0, datasets: [] };
        throw error;
      }
      if (saysAbsent(route, body, settings.absentAs)) return { total: 0, datasets: [] };
      const read = readSpold(route, body);
      note(route, read.variant);
      return read.value;
    },

    async dataset(
      caller: Caller,
      release: ReleaseRef,
      id: number,
      indicatorIds: readonly number[],
    ): Promise<Dataset> {
      const query = releaseQuery(release);
      // Repeated, never comma-separated: the service takes only that (upstream-api.md §6.4).
      for (const indicator of indicatorIds) query.append('indicator_ids', String(indicator));
      const scored = indicatorIds.length > 0;
      // A scored call is sent once: asked again, it could be charged again.
      const answer = await dataApi.call({
        method: 'GET',
        path: `/datasets/${id}`,
        query,
        ...caller,
        retry: !scored,
      });
      if (saysAbsent('GET /datasets/{id}', answer.body, settings.absentAs))
        throw notInRelease(settings.absentAs);
      const read = readDataset(answer.body, scored);
      note(scored ? 'GET /datasets/{id}?indicator_ids' : 'GET /datasets/{id}', read.variant);
      return read.value;
    },

    /**
     * A page of a batch (`from`, `limit` ≤ 100 as the explorer asks), asked in pages of at most
     * the service's page size. A scored page is asked once, its parts one after the other; a
     * part that fails after another was answered leaves the reservation counted in full (what
     * the first part charged is known only to the service).
     */
    async batch(
      caller: Caller,
      release: ReleaseRef,
      page: { from: number; limit: number },
      body: { dataset_ids: readonly number[]; indicator_ids?: readonly number[] | undefined },
    ): Promise<DatasetPage> {
      const scored = (body.indicator_ids?.length ?? 0) > 0;
      const payload = {
        dataset_ids: body.dataset_ids,
        ...(scored ? { indicator_ids: body.indicator_ids } : {}),
      };
      let variant = '';
      let answered = 0;
      const part = async (from: number, size: number) => {
        const query = releaseQuery(release);
        // The batch's paging is documented: `from` and `limit`.
        query.set('from', String(from));
        query.set('limit', String(size));
        try {
          const answer = await dataApi.call({
            method: 'POST',
            path: '/datasets/batch',
            query,
            body: payload,
            ...caller,
            retry: !scored,
          });
          if (saysAbsent('POST /datasets/batch', answer.body, settings.absentAs))
            throw notInRelease(settings.absentAs);
          answered++;
          const read = readBatch(answer.body, scored);
          variant = read.variant;
          return { items: read.value.datasets, total: read.value.total };
        } catch (error) {
          if (answered > 0 && error instanceof UnchargedFailure)
            throw new ProxyError(error.status, error.code, error.options);
          throw error;
        }
      };
      const read = (from: number, count: number) =>
        readRange<Dataset>({
          route: 'POST /datasets/batch',
          pageSize: settings.pageSize,
          alignedPages: false,
          from,
          count,
          key: (dataset) => dataset.id,
          maxItems: body.dataset_ids.length,
          fetch: part,
        });
      const range = await read(page.from, page.limit);
      // A total shown to be a lower bound is none (unless the end was read): counted as without.
      let total = range.total;
      if (total === undefined) {
        // No total and a full page. Every requested ID found from here on: that is the total.
        const unique = new Set(body.dataset_ids).size;
        if (page.from + range.items.length >= unique) total = unique;
        else if (!scored)
          total =
            page.from + page.limit + (await read(page.from + page.limit, Infinity)).items.length;
        else
          throw new PagingError(
            'POST /datasets/batch',
            'it gives no total, and counting the rest would charge for it',
          );
      }
      note(scored ? 'POST /datasets/batch (scored)' : 'POST /datasets/batch', variant);
      return { total, datasets: range.items };
    },
  };
}

export type UpstreamAdapter = ReturnType<typeof createUpstreamAdapter>;
