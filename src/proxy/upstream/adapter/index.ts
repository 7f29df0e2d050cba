import type {
  ActivityTypeFilter,
  Dataset,
  DatasetPage,
  Indicators,
  Releases,
  SearchResults,
} from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import type { DataApi } from '../data-api';
import { readBatch, readDataset, readSearch, readSpold } from './datasets';
import { readIndicatorPage } from './indicators';
import { readVersions } from './versions';

/**
 * The one place that knows the data service's shapes: each method makes the service's call
 * and returns the proxy's own answer (src/shared/api). What the service sent is noted per
 * route ("which variant it saw"), once each time it changes.
 */

export interface AdapterSettings {
  /** The search's paging parameter: `from` (documented for the batch) or `offset`. */
  searchPaging: 'from' | 'offset';
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

/** Pages of indicators followed at most, so a service that never stops cannot hold us. */
const MAX_INDICATOR_PAGES = 100;

const releaseQuery = (release: ReleaseRef) =>
  new URLSearchParams({ version: release.version, system_model: release.systemModel });

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
  const get = (caller: Caller, path: string, query?: URLSearchParams) =>
    dataApi.call({ method: 'GET', path, ...(query ? { query } : {}), ...caller });

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
      const first = readIndicatorPage(
        (await get(caller, '/indicators', releaseQuery(release))).body,
      );
      const indicators = [...first.indicators];
      let received = first.items;
      let pages = 1;
      // A `total` beyond what came means the rest is paged: follow it with the page size the
      // service chose, which it therefore accepts.
      while (first.total !== undefined && received < first.total && pages < MAX_INDICATOR_PAGES) {
        const query = releaseQuery(release);
        query.set('from', String(received));
        query.set('limit', String(first.items));
        const page = readIndicatorPage((await get(caller, '/indicators', query)).body);
        if (page.items === 0) break;
        indicators.push(...page.indicators);
        received += page.items;
        pages++;
      }
      note(
        'GET /indicators',
        `${first.nested ? 'nested method → category → indicator' : 'a flat list'}${pages > 1 ? `, paged by from/limit (${pages} pages)` : ', in one answer'}`,
      );
      return { indicators };
    },

    async search(caller: Caller, release: ReleaseRef, input: SearchInput): Promise<SearchResults> {
      const query = releaseQuery(release);
      if (input.query) query.set('query', input.query);
      if (input.geography) query.set('geography', input.geography);
      if (input.activity_type) query.set('activity_type', input.activity_type);
      query.set(settings.searchPaging, String(input.from));
      query.set('limit', String(input.limit));
      const read = readSearch((await get(caller, '/datasets', query)).body, settings.searchPaging);
      note('GET /datasets', read.variant);
      return read.value;
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
      const read = readDataset((await get(caller, `/datasets/${id}`, query)).body);
      note('GET /datasets/{id}', read.variant);
      return read.value;
    },

    async batch(
      caller: Caller,
      release: ReleaseRef,
      page: { from: number; limit: number },
      body: { dataset_ids: readonly number[]; indicator_ids?: readonly number[] | undefined },
    ): Promise<DatasetPage> {
      const query = releaseQuery(release);
      query.set('from', String(page.from));
      query.set('limit', String(page.limit));
      const answer = await dataApi.call({
        method: 'POST',
        path: '/datasets/batch',
        query,
        body: {
          dataset_ids: body.dataset_ids,
          ...(body.indicator_ids && body.indicator_ids.length > 0
            ? { indicator_ids: body.indicator_ids }
            : {}),
        },
        ...caller,
      });
      const read = readBatch(answer.body);
      note('POST /datasets/batch', read.variant);
      return read.value;
    },
  };
}

export type UpstreamAdapter = ReturnType<typeof createUpstreamAdapter>;
