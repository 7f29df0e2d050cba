import { z } from 'zod/mini';
import { INDICATOR_BASES, INDICATOR_FIELDS, INDICATOR_RELATIONS } from '../../matching/indicators';

/** One release (version) of the licence and its system models. */
const VersionEntrySchema = z.object({
  version: z.string().check(z.minLength(1)),
  system_models: z.array(z.string().check(z.minLength(1))),
  release_date: z.nullable(z.string()),
  /** `release` for a published release; `other` for a sandbox, beta or preview. */
  kind: z.enum(['release', 'other']),
  /**
   * System models the data service lists for this release but its data routes refuse under
   * that name (and no name the proxy knows for them works): never offered, named here.
   */
  refused: z.optional(z.array(z.string())),
});
export type VersionEntry = z.infer<typeof VersionEntrySchema>;

/** `GET /api/versions`: newest first, and the release `latest` stands for. */
export const ReleasesSchema = z.object({
  releases: z.array(VersionEntrySchema),
  /** The newest published release, or another only when the licence holds no published one. */
  latest: z.nullable(z.string()),
});
export type Releases = z.infer<typeof ReleasesSchema>;

const IndicatorSchema = z.object({
  id: z.int().check(z.positive()),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
  unit: z.string(),
});
export type Indicator = z.infer<typeof IndicatorSchema>;

/** `GET /api/indicators`: every indicator of a release, flat, in the service's order. */
export const IndicatorsSchema = z.object({ indicators: z.array(IndicatorSchema) });
export type Indicators = z.infer<typeof IndicatorsSchema>;

const indicatorFields = z.array(z.enum(INDICATOR_FIELDS));

/**
 * `GET /api/indicators/counterparts`: each indicator of a release in another release of its
 * system model (src/shared/matching/indicators.ts), from the two catalogues alone.
 */
export const IndicatorCounterpartsSchema = z.object({
  version: z.string(),
  to: z.string(),
  system_model: z.string(),
  indicators: z.array(
    z.object({
      id: z.int().check(z.positive()),
      /** The same indicator in `to`, how it was found and which names differ; null when none. */
      counterpart: z.nullable(
        z.object({
          indicator: IndicatorSchema,
          basis: z.enum(INDICATOR_BASES),
          differs: indicatorFields,
        }),
      ),
      /** Without a counterpart: the nearest indicators of `to`, ranked, each with its reason. */
      candidates: z.array(
        z.object({
          indicator: IndicatorSchema,
          relation: z.enum(INDICATOR_RELATIONS),
          differs: indicatorFields,
        }),
      ),
    }),
  ),
});
export type IndicatorCounterparts = z.infer<typeof IndicatorCounterpartsSchema>;
