import type {
  ActivityTypeFilter,
  Dataset,
  DatasetPage,
  Indicators,
  Releases,
  SearchHit,
  SearchResults,
} from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import type { DataApi } from '../data-api';
import { aligned, pageParams, PagingError, readRange, type PagingStyle } from '../paging';
import { UnchargedFailure } from './errors';
import { readBatch, readDataset, readSearch, readSpold } from './datasets';
import { readIndicatorPage, type IndicatorEntry } from './indicators';
import { readVersions } from './versions';

/**
 * The one place that knows the data service's shapes and paging: each method makes the
 * service's calls and returns the proxy's own answer (src/shared/api). What the service sent is
 * noted per route ("which variant it saw"), once each time it changes.
 */

export interface AdapterSettings {
  /** How the service's GET lists (search, indicators) are paged, as `check:upstream` found. */
  searchPaging: PagingStyle;
  /** The largest page the service gives: every list and batch is asked in pages of at most this. */
  pageSize: number;
  /** The Spold lookup's path under the API prefix, e.g. `/datasets/spold`; null when there is none. */
  spoldRoute: string | null;
}

export interface Caller {
  userId: string;
  requestId: string;
}

export interface ReleaseRef {
  version: string;
  systemModel: string;
}

export interface SearchInput {
  query?: string | undefined;
  geography?: string | undefined;
  activity_type?: ActivityTypeFilter | undefined;
  from: number;
  limit: number;
}

/** Items a list may have at most before the adapter stops: far above any release's. */
const MAX_INDICATORS = 20_000;
const MAX_ACTIVITIES = 200_000;
/** Totals of searches whose service gives none, counted once (release data never changes). */
const MAX_COUNTED = 500;

const releaseQuery = (release: ReleaseRef) =>
  new URLSearchParams({ version: release.version, system_model: release.systemModel });

/** A search row's identity, to notice a page that repeats another. */
export const searchRowKey = (row: SearchHit) =>
  `${row.name}\u0000${row.products.flatMap((p) => p.datasets.map((d) => d.id)).join(',')}`;

export function createUpstreamAdapter(
  dataApi: DataApi,
  settings: AdapterSettings,
  report: (route: string, variant: string) => void = () => undefined,
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
  const pagingName = settings.searchPaging === 'page0' ? 'page (from 0)' : settings.searchPaging;
  const counted = new Map<string, number>();
  let searchPagingSeen = false;

  const searchQuery = (release: ReleaseRef, input: Omit<SearchInput, 'from' | 'limit'>) => {
    const query = releaseQuery(release);
    if (input.query) query.set('query', input.query);
    if (input.geography) query.set('geography', input.geography);
    if (input.activity_type) query.set('activity_type', input.activity_type);
    return query;
  };

  /** Rows `[from, from + count)` of a search, read by evidence; `total` when known. */
  async function searchRange(
    caller: Caller,
    release: ReleaseRef,
    input: Omit<SearchInput, 'from' | 'limit'>,
    from: number,
    count: number,
  ) {
    let variant = '';
    const range = await readRange<SearchHit>({
      route: 'GET /datasets',
      pageSize: settings.pageSize,
      alignedPages: aligned(settings.searchPaging),
      from,
      count,
      key: searchRowKey,
      maxItems: MAX_ACTIVITIES,
      concurrency: Number.isFinite(count) ? 1 : 4,
      fetch: async (at, size) => {
        const body = (await get(caller, '/datasets', paged(searchQuery(release, input), at, size)))
          .body;
        const read = readSearch(body, pagingName);
        variant = read.variant;
        return { items: read.value.results, total: read.value.total };
      },
    });
    note('GET /datasets', variant);
    return range;
  }

  /** The first rows of searches read from 0, to compare later pages with (bounded). */
  const firstRows = new Map<string, Set<string>>();

  /**
   * Whether the service pages the search by the configured parameter: a later page must not
   * repeat the first. Compared with the first page when this process read it (release reads
   * and the explorer's page 1 come first), else asked once per process.
   */
  async function assertSearchPages(
    caller: Caller,
    release: ReleaseRef,
    input: SearchInput,
    rows: readonly SearchHit[],
  ) {
    const key = searchQuery(release, input).toString();
    if (input.from === 0) {
      if (firstRows.size >= MAX_COUNTED) firstRows.delete(firstRows.keys().next().value ?? '');
      firstRows.set(key, new Set(rows.map(searchRowKey)));
      return;
    }
    if (rows.length === 0) return;
    let earlier = firstRows.get(key);
    if (earlier === undefined || input.from < earlier.size) {
      if (searchPagingSeen) return;
      // Rows before `from` only, so a page that rightly overlaps nothing is compared.
      const size = Math.min(input.limit, input.from);
      earlier = new Set(
        (await searchRange(caller, release, input, 0, size)).items.map(searchRowKey),
      );
    }
    if (rows.some((row) => earlier.has(searchRowKey(row))))
      throw new PagingError(
        'GET /datasets',
        `the page from ${input.from} repeats the first page: the service does not page by ${pagingName}`,
      );
    if (earlier.size > 0) searchPagingSeen = true;
  }

  return {
    settings,
    /** The variant last seen per route, e.g. for readiness and the contract check. */
    variants: (): Record<string, string> => Object.fromEntries(seen),

    async versions(caller: Caller): Promise<Releases> {
      const read = readVersions((await get(caller, '/versions')).body);
      note('GET /versions', read.variant);
      return read.value;
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
      note(
        'GET /indicators',
        [
          shape.nested ? 'nested method → category → indicator' : 'a flat list',
          range.whole || range.pages === 1
            ? 'in one answer'
            : `paged by ${pagingName} (${range.pages} pages)`,
          ...(shape.renamed ? ['renamed fields mapped: name → indicator'] : []),
        ].join(', '),
      );
      return { indicators: range.items.flatMap((entry) => entry.indicators) };
    },

    async search(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults> {
      const range = await searchRange(caller, release, input, input.from, input.limit);
      await assertSearchPages(caller, release, input, range.items);
      let total = range.total;
      if (total === undefined) {
        // No total from the service and a full page: the rest is counted, once per search.
        const key = searchQuery(release, input).toString();
        total = counted.get(key);
        if (total === undefined) {
          const end = input.from + input.limit;
          total = end + (await searchRange(caller, release, input, end, Infinity)).items.length;
          if (counted.size >= MAX_COUNTED) counted.delete(counted.keys().next().value ?? '');
          counted.set(key, total);
        }
      }
      return { total, results: range.items };
    },

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
