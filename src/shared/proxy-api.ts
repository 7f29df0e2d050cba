import { z } from 'zod';

/** `GET /api/usage`: this licence period's charges as the proxy counted them. */
export const UsageSchema = z.object({
  period: z.string(),
  datasets: z.number().int().nonnegative(),
  indicators: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  budget: z.object({
    datasets: z.number().int().nullable(),
    indicators: z.number().int().nullable(),
  }),
  charged: z.object({ datasets: z.array(z.number().int()), indicators: z.array(z.number().int()) }),
});
export type Usage = z.infer<typeof UsageSchema>;

export const SectorFacetSchema = z.object({
  name: z.string(),
  /** Datasets of the release and system model in this sector or ISIC section. */
  datasets: z.number().int().nonnegative(),
});
export type SectorFacet = z.infer<typeof SectorFacetSchema>;

/**
 * `GET /api/sectors`: the sectors and ISIC sections of a release and system model. The data
 * service's search cannot filter by them, so the proxy indexes a release once (from free
 * calls) and answers `building` with its progress until the index is ready.
 */
export const SectorsSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    datasets: z.number().int().nonnegative(),
    sectors: z.array(SectorFacetSchema),
    isic_sections: z.array(SectorFacetSchema),
  }),
  z.object({
    status: z.literal('building'),
    /** Datasets indexed so far, of `total` (0 while the datasets are still being listed). */
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
]);
export type Sectors = z.infer<typeof SectorsSchema>;
