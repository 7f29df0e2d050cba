import { z } from 'zod';
import {
  ACTIVITY_TYPE_FILTERS,
  BatchResponseSchema,
  DatasetSchema,
  IndicatorsResponseSchema,
  MAX_BATCH_DATASETS,
  MAX_INDICATORS_PER_CALL,
  MAX_PAGE_LIMIT,
  SearchResponseSchema,
  SpoldLookupResponseSchema,
} from '../../shared/upstream';
import { ReleaseSegmentSchema } from '../../shared/versions';

/**
 * The allow-list: every route the proxy forwards, with its typed parameters and the upstream path
 * template it builds. Nothing else reaches the data service.
 */
const release = {
  version: ReleaseSegmentSchema.optional(),
  system_model: ReleaseSegmentSchema.optional(),
};
const page = {
  from: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
};
const uuid = z.uuid().transform((value) => value.toLowerCase());
/** An ID in a JSON body: a JSON integer only, never a string, boolean or array coerced to one. */
const datasetId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** An ID in a path, which is text: only digits become a number. */
const pathDatasetId = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(datasetId);
const indicatorIds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'must be positive integers')
          .transform(Number),
      )
      .max(MAX_INDICATORS_PER_CALL),
  )
  .optional();

export interface ScoreUse {
  datasetIds: number[];
  indicatorIds: number[];
  maxDatasets: number;
}

export interface DataRoute {
  method: 'GET' | 'POST';
  /** The proxy's path, as Fastify writes it. */
  path: string;
  summary: string;
  params?: z.ZodObject;
  query: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** The upstream path built from validated values; IDs are integers, never free text. */
  upstreamPath: (params: Record<string, unknown>) => string;
  /**
   * Datasets whose scores the request asks for, and how many of them one answer can hold at
   * most, so a budget can be checked before anything is forwarded.
   */
  scores?: (
    params: Record<string, unknown>,
    query: Record<string, unknown>,
    body: unknown,
  ) => ScoreUse;
}

export const DATA_ROUTES: readonly DataRoute[] = [
  {
    method: 'GET',
    path: '/api/indicators',
    summary: 'Every method × category × indicator of a release, with IDs and units',
    query: z.object(release).strict(),
    response: IndicatorsResponseSchema,
    upstreamPath: () => '/indicators',
  },
  {
    method: 'GET',
    path: '/api/datasets',
    summary:
      'Search datasets (free of charge); sector and isic_section filter by the proxy’s sector index',
    query: z
      .object({
        ...release,
        ...page,
        query: z.string().max(200).optional(),
        geography: z.string().max(200).optional(),
        activity_type: z.enum(ACTIVITY_TYPE_FILTERS).optional(),
        // Answered by the proxy from its sector index: the data service has no such filter.
        sector: z.string().min(1).max(200).optional(),
        isic_section: z.string().min(1).max(200).optional(),
        activity_spold_uuid: uuid.optional(),
        product_spold_uuid: uuid.optional(),
        geography_spold_uuid: uuid.optional(),
      })
      .strict(),
    response: SearchResponseSchema,
    upstreamPath: () => '/datasets',
  },
  {
    method: 'GET',
    path: '/api/datasets/spold',
    summary:
      'Find datasets by their ecoSpold activity, product or geography UUID (provisional upstream route)',
    query: z
      .object({
        ...release,
        activity_spold_uuid: uuid.optional(),
        product_spold_uuid: uuid.optional(),
        geography_spold_uuid: uuid.optional(),
      })
      .strict()
      .refine((q) => q.activity_spold_uuid ?? q.product_spold_uuid ?? q.geography_spold_uuid, {
        message:
          'give at least one of activity_spold_uuid, product_spold_uuid, geography_spold_uuid',
        path: ['activity_spold_uuid'],
      }),
    response: SpoldLookupResponseSchema,
    upstreamPath: () => '/datasets/spold',
  },
  {
    method: 'GET',
    path: '/api/datasets/:id',
    summary: 'One dataset; with indicator_ids, its impact scores (charged)',
    params: z.object({ id: pathDatasetId }).strict(),
    query: z.object({ ...release, indicator_ids: indicatorIds }).strict(),
    response: DatasetSchema,
    upstreamPath: (params) => `/datasets/${String(params.id)}`,
    scores: (params, query) => ({
      datasetIds: [Number(params.id)],
      indicatorIds: (query.indicator_ids as number[] | undefined) ?? [],
      maxDatasets: 1,
    }),
  },
  {
    method: 'POST',
    path: '/api/datasets/batch',
    summary:
      'Up to 10 000 datasets by ID, a page at a time; with indicator_ids, their scores (charged)',
    query: z.object({ ...release, ...page }).strict(),
    body: z
      .object({
        dataset_ids: z.array(datasetId).min(1).max(MAX_BATCH_DATASETS),
        indicator_ids: z.array(z.number().int().positive()).max(MAX_INDICATORS_PER_CALL).optional(),
      })
      .strict(),
    response: BatchResponseSchema,
    upstreamPath: () => '/datasets/batch',
    scores: (_params, query, body) => {
      const { dataset_ids: ids, indicator_ids: indicators = [] } = body as {
        dataset_ids: number[];
        indicator_ids?: number[];
      };
      const from = (query.from as number | undefined) ?? 0;
      const limit = (query.limit as number | undefined) ?? 10;
      // The page holds at most `limit` of the IDs from `from` on (unknown ones are skipped).
      return {
        datasetIds: [...new Set(ids)].slice(from),
        indicatorIds: indicators,
        maxDatasets: limit,
      };
    },
  },
];
