import { z } from 'zod';

/**
 * The data service's answers as the emulator's documented dialect writes them (upstream-api.md
 * §6–§8 and the emulator contract §13); its tests check every route against these. The proxy
 * knows the service only through its own adapter (src/proxy/upstream/adapter/), which reads
 * these and the other shapes the real service may have.
 */

export const ACTIVITY_TYPE_FILTERS = [
  'MARKET_ACTIVITY',
  'MARKET_GROUP',
  'TRANSFORMING_ACTIVITY',
] as const;
export type ActivityTypeFilter = (typeof ACTIVITY_TYPE_FILTERS)[number];

export const ImpactScoreSchema = z.object({
  id: z.number().int(),
  score: z.number(),
  unit: z.string(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
});
export type ImpactScore = z.infer<typeof ImpactScoreSchema>;

export const DatasetSchema = z.object({
  id: z.number().int().positive(),
  activity: z.string(),
  product: z.string(),
  description: z.string(),
  geography: z.string(),
  unit: z.string(),
  time_period: z.string(),
  activity_type: z.string(),
  isic_section: z.string(),
  isic_class: z.string(),
  activity_spold_uuid: z.uuid(),
  geography_spold_uuid: z.uuid(),
  product_spold_uuid: z.uuid(),
  sectors: z.array(z.string()),
  url: z.url(),
  url_history: z.url(),
  impact_scores: z.array(ImpactScoreSchema),
});
export type Dataset = z.infer<typeof DatasetSchema>;

const IndicatorSchema = z.object({
  id: z.number().int().positive(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
  unit: z.string(),
});

export const IndicatorsResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(IndicatorSchema),
});
export type IndicatorsResponse = z.infer<typeof IndicatorsResponseSchema>;

const SearchDatasetRefSchema = z.object({
  id: z.number().int().positive(),
  geography: z.string(),
});

export const SearchResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      name: z.string(),
      activity_type: z.string(),
      products: z.array(
        z.object({
          name: z.string(),
          unit: z.string(),
          datasets: z.array(SearchDatasetRefSchema),
        }),
      ),
    }),
  ),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const BatchResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  datasets: z.array(DatasetSchema),
});

export const SpoldLookupResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  datasets: z.array(DatasetSchema),
});

/** FastAPI's error bodies: a message, or pydantic's list of field errors for a 422. */
const ValidationItemSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export const ErrorBodySchema = z.object({
  detail: z.union([z.string(), z.array(ValidationItemSchema)]),
});
export type ValidationItem = z.infer<typeof ValidationItemSchema>;

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 10;
export const MAX_INDICATORS_PER_CALL = 100;

const VersionEntrySchema = z.object({
  version: z.string().min(1),
  system_models: z.array(z.string().min(1)),
  release_date: z.string().optional(),
});

/** `GET {P}/versions`. */
export const VersionsResponseSchema = z.object({
  results: z.array(VersionEntrySchema),
});
export type VersionsResponse = z.infer<typeof VersionsResponseSchema>;
