import { z } from 'zod/mini';
import { ProvenanceSchema } from '../provenance';
import { text } from './common';

/** The filter values of a search; answers carry the prose name ("market activity"). */
export const ACTIVITY_TYPE_FILTERS = [
  'MARKET_ACTIVITY',
  'MARKET_GROUP',
  'TRANSFORMING_ACTIVITY',
] as const;
export type ActivityTypeFilter = (typeof ACTIVITY_TYPE_FILTERS)[number];

const SearchHitSchema = z.object({
  name: z.string(),
  /** ecoinvent's prose name, e.g. "market activity", "ordinary transforming activity". */
  activity_type: text,
  products: z.array(
    z.object({
      name: z.string(),
      unit: text,
      datasets: z.array(z.object({ id: z.int().check(z.positive()), geography: z.string() })),
    }),
  ),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** `GET /api/datasets`: activities matched (`total`), a page of them with products and datasets. */
export const SectorFacetSchema = z.object({
  name: z.string(),
  /** Datasets in this sector or ISIC section (of the release, or of a search's results). */
  datasets: z.int().check(z.nonnegative()),
});
export type SectorFacet = z.infer<typeof SectorFacetSchema>;

/**
 * A sector search's own facets: the sectors of its results within the chosen ISIC section, and
 * the ISIC sections of its results within the chosen sector (each facet narrowed by every
 * filter but its own), so a picker's counts are what choosing it would find.
 */
const SearchFacetsSchema = z.object({
  sectors: z.array(SectorFacetSchema),
  isic_sections: z.array(SectorFacetSchema),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

/**
 * A query with a word spelled another way (aluminum/aluminium, sulphur/sulfur): `instead`, the
 * results are for `query`, as the one typed found nothing; `also`, the results are for the query
 * typed, and `query` finds `total` more.
 */
const SpellingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('instead'), query: z.string() }),
  z.object({ kind: z.literal('also'), query: z.string(), total: z.int().check(z.positive()) }),
]);

export const SearchResultsSchema = z.object({
  total: z.int().check(z.nonnegative()),
  /**
   * True when the proxy cannot vouch for `total`: the data service counts no further (its
   * listing goes on past the total it gives), so there are at least `total`. Absent: a count.
   */
  total_at_least: z.optional(z.boolean()),
  results: z.array(SearchHitSchema),
  /** Only on a search filtered by sector or ISIC section, which the proxy answers whole. */
  facets: z.optional(SearchFacetsSchema),
  /** Only where a word of the query has another spelling that finds something (the proxy's). */
  spelling: z.optional(SpellingSchema),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

const ImpactScoreSchema = z.object({
  id: z.int(),
  /**
   * Null: no score. The data service gave none for this indicator (it sent null, NaN or a
   * marker, or left the row out): shown as “no score”, never as 0 or any number. Billed as the
   * service bills it (an indicator asked for and known to the release).
   */
  score: z.nullable(z.number()),
  unit: z.string(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
  /**
   * Where this value came from. The proxy sends it once per dataset (`Dataset.provenance`); a
   * reader that puts the scores of several answers together copies it onto each score, so every
   * value keeps its own answer's.
   */
  provenance: z.optional(ProvenanceSchema),
});
export type ImpactScore = z.infer<typeof ImpactScoreSchema>;

export const DatasetSchema = z.object({
  id: z.int().check(z.positive()),
  activity: text,
  product: text,
  description: text,
  geography: text,
  unit: text,
  time_period: text,
  /** ecoinvent's prose name, e.g. "market activity". */
  activity_type: text,
  isic_section: text,
  isic_class: text,
  activity_spold_uuid: text,
  geography_spold_uuid: text,
  product_spold_uuid: text,
  sectors: z.array(z.string()),
  url: text,
  url_history: text,
  /** The scores asked for; empty when none were. */
  impact_scores: z.array(ImpactScoreSchema),
  /** On an answer with scores: the data service, time, explorer version and evidence digest. */
  provenance: z.optional(ProvenanceSchema),
});
export type Dataset = z.infer<typeof DatasetSchema>;

/** `POST /api/datasets/batch`: the found datasets (`total`) and a page of them, in request order. */
export const DatasetPageSchema = z.object({
  total: z.int().check(z.nonnegative()),
  datasets: z.array(DatasetSchema),
});
export type DatasetPage = z.infer<typeof DatasetPageSchema>;
