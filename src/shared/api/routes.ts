import { z } from 'zod/mini';
import { PublicConfigSchema } from '../config';
import { RELEASE_CHANGES } from '../matching/verdict';
import { ReleaseSegmentSchema } from '../versions';
import { ScorePriceBodySchema, ScorePriceSchema } from './price';
import { CheckRowSchema, EvidenceCheckSchema, MAX_CHECK_ROWS } from './evidence';
import {
  ACTIVITY_TYPE_FILTERS,
  ChangesPageSchema,
  ChangesSchema,
  DatasetHistorySchema,
  DatasetReleasesSchema,
  DatasetPageSchema,
  DatasetSchema,
  IndicatorCounterpartsSchema,
  IndicatorsSchema,
  ReleasesSchema,
  SearchResultsSchema,
  SectorsSchema,
  UpgradeCheckSchema,
  UsageSchema,
} from './schemas';
import {
  DatasetIdSchema,
  idText,
  indicatorIds,
  asIndicatorSet,
  ListEntrySchema,
  MAX_BATCH_DATASETS,
  MAX_INDICATORS_PER_CALL,
  MAX_LIST_ENTRIES,
  page,
  pageNumber,
  release,
  uuid,
} from './inputs';
import { DatasetSuccessorsSchema, LookupKeyParamSchema } from './successors';

/**
 * The proxy's API, declared once: each route's method, path, parameters, body and answer. The
 * proxy registers, validates and documents its routes from this table; the explorer builds its
 * requests and reads its answers with it. Nothing here names the data service's own shapes.
 */

export {
  DatasetIdSchema,
  DEFAULT_PAGE_LIMIT,
  ListEntrySchema,
  MAX_BATCH_DATASETS,
  MAX_INDICATORS_PER_CALL,
  MAX_LIST_ENTRIES,
  MAX_NAME_LENGTH,
  MAX_PAGE_LIMIT,
  type ListEntry,
} from './inputs';

/**
 * How the browser may keep an answer: `immutable` release data for good, `revalidate` with its
 * ETag, `none` not at all.
 */
type Caching = 'immutable' | 'revalidate' | 'none';

export interface ApiRoute<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST';
  /** OpenAPI style: `/api/datasets/{id}`. */
  path: string;
  summary: string;
  /** Whether a signed-in user's token is required (everything but the public settings). */
  auth: boolean;
  params: P;
  query: Q;
  body: B;
  response: R;
  caching: Caching;
  /** Other success statuses the route answers with, and why. */
  accepted?: string;
  /** The largest body the route reads, in bytes, where it is not the proxy's default. */
  bodyLimit?: number;
}

const none = z.strictObject({});

function route<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType | undefined,
  R extends z.ZodMiniType,
>(definition: ApiRoute<P, Q, B, R>): ApiRoute<P, Q, B, R> {
  return definition;
}

export const API = {
  config: route({
    method: 'GET',
    path: '/api/config',
    summary: 'Public sign-in settings and what the data service offers; never a secret',
    auth: false,
    params: none,
    query: none,
    body: undefined,
    response: PublicConfigSchema,
    caching: 'none',
  }),
  versions: route({
    method: 'GET',
    path: '/api/versions',
    summary:
      'The releases of the licence (version, system models, release date, kind), newest first, and `latest`: the newest published release, a sandbox only when nothing else is licensed; cached 5 minutes',
    auth: true,
    params: none,
    query: none,
    body: undefined,
    response: ReleasesSchema,
    caching: 'revalidate',
  }),
  indicators: route({
    method: 'GET',
    path: '/api/indicators',
    summary: 'Every method × category × indicator of a release, with IDs and units',
    auth: true,
    params: none,
    query: z.strictObject(release),
    body: undefined,
    response: IndicatorsSchema,
    caching: 'immutable',
  }),
  indicatorCounterparts: route({
    method: 'GET',
    path: '/api/indicators/counterparts',
    summary:
      'Each indicator of a release in release `to` of the same system model: its counterpart (same ID, same names, renamed, or a new method version, with the names that differ) or none with the nearest candidates and why; from the two catalogues alone (free)',
    auth: true,
    params: none,
    query: z.strictObject({ ...release, to: ReleaseSegmentSchema }),
    body: undefined,
    response: IndicatorCounterpartsSchema,
    caching: 'immutable',
  }),
  search: route({
    method: 'GET',
    path: '/api/datasets',
    summary:
      'Search datasets (free of charge); `sector` and `isic_section` are answered by the proxy’s sector index, with `facets` (the results’ sectors and ISIC sections, each narrowed by the other filter); words in either spelling, names that start with them first (`spelling`)',
    auth: true,
    params: none,
    query: z.strictObject({
      ...release,
      ...page,
      query: z.optional(z.string().check(z.maxLength(200))),
      geography: z.optional(z.string().check(z.maxLength(200))),
      activity_type: z.optional(z.enum(ACTIVITY_TYPE_FILTERS)),
      // Answered by the proxy from its sector index: the data service has no such filter.
      sector: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      isic_section: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    }),
    body: undefined,
    response: SearchResultsSchema,
    caching: 'immutable',
  }),
  spold: route({
    method: 'GET',
    path: '/api/datasets/spold',
    summary:
      'Datasets by their ecoSpold activity, product or geography UUID (all given must match), at the service’s `DATA_API_SPOLD_ROUTE`; none is an empty page, not a 404; 501 `spold_lookup_unavailable` when the data service has no such lookup',
    auth: true,
    params: none,
    query: z
      .strictObject({
        ...release,
        activity_spold_uuid: z.optional(uuid),
        product_spold_uuid: z.optional(uuid),
        geography_spold_uuid: z.optional(uuid),
      })
      .check(
        z.refine((q) => q.activity_spold_uuid ?? q.product_spold_uuid ?? q.geography_spold_uuid, {
          message:
            'give at least one of activity_spold_uuid, product_spold_uuid, geography_spold_uuid',
          path: ['activity_spold_uuid'],
        }),
      ),
    body: undefined,
    response: DatasetPageSchema,
    caching: 'immutable',
  }),
  dataset: route({
    method: 'GET',
    path: '/api/datasets/{id}',
    summary:
      'One dataset; with `indicator_ids` (repeated or comma-separated, at most 100, in any order), its impact scores (charged)',
    auth: true,
    params: z.strictObject({ id: idText }),
    query: z.strictObject({ ...release, indicator_ids: z.optional(indicatorIds) }),
    body: undefined,
    response: DatasetSchema,
    caching: 'immutable',
  }),
  batch: route({
    method: 'POST',
    path: '/api/datasets/batch',
    summary:
      'Up to 10 000 datasets by ID (`dataset_ids`), a page of at most 100 at a time, in the order asked; with `indicator_ids` (at most 100), their scores (charged)',
    auth: true,
    params: none,
    query: z.strictObject({ ...release, ...page }),
    body: z.strictObject({
      dataset_ids: z.array(DatasetIdSchema).check(z.minLength(1), z.maxLength(MAX_BATCH_DATASETS)),
      indicator_ids: z.optional(
        z.pipe(
          z.array(z.int().check(z.positive())).check(z.maxLength(MAX_INDICATORS_PER_CALL)),
          z.transform(asIndicatorSet),
        ),
      ),
    }),
    response: DatasetPageSchema,
    caching: 'immutable',
  }),
  sectors: route({
    method: 'GET',
    path: '/api/sectors',
    summary: 'Sectors and ISIC sections of a release, with dataset counts, from the proxy’s index',
    auth: true,
    params: none,
    query: z.strictObject(release),
    body: undefined,
    response: SectorsSchema,
    caching: 'immutable',
    accepted: '202: the index is being built; ask again after Retry-After',
  }),
  changes: route({
    method: 'GET',
    path: '/api/changes',
    summary:
      'What changed from one release to another (`from`, by default the listed release before): new, removed, split, merged, moved, renamed, re-identified and documentation-changed datasets, and those without a certain successor, with both sides, source and share; `counts`, `unchanged`, the `reports` each step was decided by and their `unmatched_entries`; by ecoinvent’s change reports where the proxy has them, else inferred from documentation; read once from free calls',
    auth: true,
    params: none,
    query: z.strictObject({ ...release, from: z.optional(ReleaseSegmentSchema) }),
    body: undefined,
    response: ChangesSchema,
    caching: 'immutable',
    accepted: '202: the releases are being read; ask again after Retry-After',
  }),
  changesPage: route({
    method: 'GET',
    path: '/api/changes/page',
    summary:
      'One page (`page`, 100 rows, from 1) of `/api/changes` as filters narrow it: `change`, `sector`, `isic_section`, `activity_type` (its prose name) and `q` (words that must each begin a word of either side’s activity, product or geography); with the summary, the list’s `facets`, `matching`, `counts_within` (by kind within the other filters), the `ids` kept, and the `related` rows of other pages that the page’s splits and merges need',
    auth: true,
    params: none,
    query: z.strictObject({
      ...release,
      from: z.optional(ReleaseSegmentSchema),
      change: z.optional(z.enum(RELEASE_CHANGES)),
      sector: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      isic_section: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      activity_type: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      q: z.optional(z.string().check(z.maxLength(200))),
      page: pageNumber,
    }),
    body: undefined,
    response: ChangesPageSchema,
    caching: 'immutable',
    accepted: '202: the releases are being read; ask again after Retry-After',
  }),
  upgradeCheck: route({
    method: 'POST',
    path: '/api/upgrade-check',
    summary:
      'A verdict for each entry of a list from release `from` in this release: unchanged, documentation changed, new ID, split (with shares), merged, no certain successor (with ranked candidates) or removed, and where it comes from (free)',
    auth: true,
    params: none,
    query: z.strictObject({ ...release, from: ReleaseSegmentSchema }),
    body: z.strictObject({
      entries: z.array(ListEntrySchema).check(z.minLength(1), z.maxLength(MAX_LIST_ENTRIES)),
    }),
    response: UpgradeCheckSchema,
    caching: 'none',
    accepted: '202: the releases are being read; send the list again after Retry-After',
    // 10 000 entries of three names each.
    bodyLimit: 4 * 1024 * 1024,
  }),
  datasetReleases: route({
    method: 'GET',
    path: '/api/datasets/{id}/releases',
    summary:
      'The releases and system models of the licence that hold this Dataset ID (free: a documentation call per release not read yet)',
    auth: true,
    params: z.strictObject({ id: idText }),
    query: z.strictObject({}),
    body: undefined,
    response: DatasetReleasesSchema,
    // It follows the licence's list of releases, which can change.
    caching: 'none',
  }),
  datasetSuccessors: route({
    method: 'GET',
    path: '/api/datasets/successors',
    summary:
      'What a Dataset ID, activity or product Spold UUID, or ecoSpold file name (`key`) this release lacks became in it: the releases of the licence that have it, and the upgrade check’s verdict from the nearest of its system model (older first): successors with shares and source, ranked candidates, or removed (free; 501 `spold_lookup_unavailable` for a UUID or file name when the data service has no such lookup)',
    auth: true,
    params: none,
    query: z.strictObject({ ...release, key: LookupKeyParamSchema }),
    body: undefined,
    response: DatasetSuccessorsSchema,
    // It follows the licence's list of releases, which can change.
    caching: 'none',
    accepted: '202: the releases are being read; ask again after Retry-After',
  }),
  history: route({
    method: 'GET',
    path: '/api/datasets/{id}/history',
    summary:
      'One dataset in every listed release of its system model: what it became or came from in each, by change report, ID, Spold UUIDs or names (free)',
    auth: true,
    params: z.strictObject({ id: idText }),
    query: z.strictObject(release),
    body: undefined,
    response: DatasetHistorySchema,
    caching: 'immutable',
    accepted: '202: the releases are being read; ask again after Retry-After',
  }),
  evidenceCheck: route({
    method: 'POST',
    path: '/api/evidence/check',
    summary:
      'Rows of a saved scores export (the tidy layout: release, dataset, UUIDs, indicator, score, unit, service, `retrieved_at`, `digest`) checked against the evidence this proxy kept of the answers they came from: each row `match`, `differs` (with the fields), `unknown` digest, `other service` or `no evidence` (free: asks the data service nothing)',
    auth: true,
    params: none,
    query: none,
    body: z.strictObject({
      rows: z.array(CheckRowSchema).check(z.minLength(1), z.maxLength(MAX_CHECK_ROWS)),
    }),
    response: EvidenceCheckSchema,
    caching: 'none',
    // 8 000 rows of about 400 bytes each, as much as nginx takes in front.
    bodyLimit: 4 * 1024 * 1024,
  }),
  scorePrice: route({
    method: 'POST',
    path: '/api/scores/price',
    summary:
      'What loading scores would add to this period’s bill for you, from the proxy’s usage ledger (free: never a call to the data service, never a charge): per release (`requests`: version, system model, `dataset_ids`, `indicator_ids`), what is charged already, what it `adds` (datasets, indicators, you as a user), datasets charged only in another release (`elsewhere`), and whether the score budget `allows` it',
    auth: true,
    params: none,
    query: none,
    body: ScorePriceBodySchema,
    response: ScorePriceSchema,
    caching: 'none',
    // 20 releases of 10 000 IDs each, within what deploy/nginx.conf.template lets through.
    bodyLimit: 4 * 1024 * 1024,
  }),
  usage: route({
    method: 'GET',
    path: '/api/usage',
    summary:
      'This licence period’s charges as the proxy counted them: unique datasets, indicators and users, the budget, the charged IDs and the scored calls that charged them',
    auth: true,
    params: none,
    query: none,
    body: undefined,
    response: UsageSchema,
    caching: 'none',
  }),
} as const;

type Api = typeof API;
export type RouteName = keyof Api;
export type ParamsOf<K extends RouteName> = z.output<Api[K]['params']>;
export type QueryOf<K extends RouteName> = z.output<Api[K]['query']>;
export type BodyOf<K extends RouteName> = Api[K]['body'] extends z.ZodMiniType
  ? z.output<Api[K]['body']>
  : undefined;
export type AnswerOf<K extends RouteName> = z.output<Api[K]['response']>;
