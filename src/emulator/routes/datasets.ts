import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACTIVITY_TYPE_FILTERS,
  DEFAULT_PAGE_LIMIT,
  MAX_INDICATORS_PER_CALL,
  MAX_PAGE_LIMIT,
  type ActivityTypeFilter,
  type Dataset,
  type SearchResponse,
} from './wire';
import type { DatasetRecord } from '../data/catalogue';
import type { ActivityType } from '../data/facts/activities';
import type { ReleaseView } from '../data/store';
import type { EmulatorState } from '../state';
import {
  variantDataset,
  variantSearch,
  type DatasetList,
  type VariantDataset,
  type VariantSearchResponse,
} from './dialect';
import { listPage } from './paging';
import { resolveRelease } from './release';
import { knownIndicators, toDataset } from './serialize';
import { DetailError, parseBatchBody, Params } from './validation';

const ACTIVITY_TYPES: Record<ActivityTypeFilter, ActivityType> = {
  MARKET_ACTIVITY: 'market activity',
  MARKET_GROUP: 'market group',
  TRANSFORMING_ACTIVITY: 'ordinary transforming activity',
};

const userOf = (request: FastifyRequest) => {
  const header = request.headers['x-user-id'];
  return Array.isArray(header) ? header[0] : header;
};

/** The dataset routes: search, Spold lookup, one dataset, and the batch. */
export function registerDatasets(app: FastifyInstance, state: EmulatorState) {
  const origin = state.config.publicOrigin;
  const variant = state.config.dialect === 'variant';
  /** The dataset object in this emulator's dialect. */
  const answer = (
    record: DatasetRecord,
    view: ReleaseView,
    indicators: readonly number[],
    asked: boolean,
  ): Dataset | VariantDataset =>
    variant
      ? variantDataset(record, view, indicators, origin, asked)
      : toDataset(record, view, indicators, origin);

  app.get('/datasets', async (request): Promise<SearchResponse | VariantSearchResponse> => {
    const params = new Params(request.query as Record<string, string | string[]>);
    const { from, limit } = listPage(params, state, {
      limit: DEFAULT_PAGE_LIMIT,
      max: MAX_PAGE_LIMIT,
    });
    const activityType = params.enumValue('activity_type', ACTIVITY_TYPE_FILTERS);
    const activityUuid = params.uuid('activity_spold_uuid');
    const productUuid = params.uuid('product_spold_uuid');
    const geographyUuid = params.uuid('geography_spold_uuid');
    params.check();
    const view = resolveRelease(state, params);
    const result = view.search.search({
      query: params.string('query', ''),
      geography: params.optionalString('geography'),
      activityType: activityType ? ACTIVITY_TYPES[activityType] : undefined,
      activityUuid,
      productUuid,
      geographyUuid,
      from,
      limit,
    });
    return variant ? variantSearch(result) : result;
  });

  // Registered before /datasets/:dataset_id so the segment is not read as an ID. Without it
  // (`none`), /datasets/spold falls to that route and is a 422 for a non-integer ID.
  const spoldRoute = state.config.spoldRoute;
  if (spoldRoute !== null) {
    app.get(spoldRoute, async (request): Promise<DatasetList> => {
      const params = new Params(request.query as Record<string, string | string[]>);
      const uuids = {
        a: params.uuid('activity_spold_uuid'),
        p: params.uuid('product_spold_uuid'),
        g: params.uuid('geography_spold_uuid'),
      };
      if (!uuids.a && !uuids.p && !uuids.g && params.errors.length === 0) {
        params.errors.push({
          type: 'missing',
          loc: ['query', 'activity_spold_uuid'],
          msg: 'At least one of activity_spold_uuid, product_spold_uuid or geography_spold_uuid is required',
          input: null,
        });
      }
      params.check();
      const view = resolveRelease(state, params);
      const given = Object.entries(uuids).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      );
      const [firstKind, firstUuid] = given[0] ?? ['a', ''];
      const matches = view
        .bySpold(`${firstKind}|${firstUuid}`)
        .filter((record) =>
          given.every(([kind, uuid]) =>
            kind === 'a'
              ? record.activityUuid === uuid
              : kind === 'p'
                ? record.productUuid === uuid
                : record.geography.uuid === uuid,
          ),
        );
      if (matches.length === 0)
        throw new DetailError(404, 'No dataset matches these Spold UUIDs', true);
      return {
        total: matches.length,
        datasets: matches.slice(0, MAX_PAGE_LIMIT).map((record) => answer(record, view, [], false)),
      };
    });
  }

  app.get('/datasets/:dataset_id', async (request): Promise<Dataset | VariantDataset> => {
    const { dataset_id: rawId } = request.params as { dataset_id: string };
    const params = new Params({
      ...(request.query as Record<string, string | string[]>),
      dataset_id: rawId,
    });
    const id = params.int('dataset_id', { default: 0, loc: 'path' });
    const indicatorIds = params.intList('indicator_ids', { max: MAX_INDICATORS_PER_CALL });
    params.check();
    const view = resolveRelease(state, params);
    const record = view.byId.get(id);
    if (!record)
      throw new DetailError(
        404,
        `Dataset ${id} not found in version '${view.version}' (${view.systemModel})`,
        true,
      );
    const indicators = knownIndicators(view, indicatorIds);
    state.ledger.check(userOf(request), [id], indicators);
    const dataset = answer(record, view, indicators, indicatorIds.length > 0);
    state.ledger.record(userOf(request), [id], indicators);
    return dataset;
  });

  app.post('/datasets/batch', async (request): Promise<DatasetList> => {
    const params = new Params(request.query as Record<string, string | string[]>);
    const from = params.int('from', { default: 0, min: 0 });
    const limit = params.int('limit', { default: DEFAULT_PAGE_LIMIT, min: 1, max: MAX_PAGE_LIMIT });
    params.check();
    const { datasetIds, indicatorIds } = parseBatchBody(
      typeof request.body === 'string' ? request.body : '',
    );
    const view = resolveRelease(state, params);
    const found = [...new Set(datasetIds)].flatMap((id) => {
      const record = view.byId.get(id);
      return record ? [record] : [];
    });
    if (found.length === 0)
      throw new DetailError(404, 'None of the requested datasets exist in this version', true);
    const page = found.slice(from, from + limit);
    const indicators = knownIndicators(view, indicatorIds);
    const pageIds = page.map((record) => record.id);
    state.ledger.check(userOf(request), pageIds, indicators);
    const datasets = page.map((record) =>
      answer(record, view, indicators, indicatorIds.length > 0),
    );
    state.ledger.record(userOf(request), pageIds, indicators);
    return { total: found.length, datasets };
  });
}
