import { z } from 'zod';
import { DOC_FIELDS } from '../matching/dataset-doc';
import { MATCH_HOWS, RELATIONS } from '../matching/match';
import { RELEASE_CHANGES, VERDICTS } from '../matching/verdict';

/**
 * The answers of the proxy's own API: the explorer's names and types, whatever shape the data
 * service sends (the proxy's upstream adapter turns every variant it knows into these).
 * Text the service may leave out is `null` here, never a string "null".
 */

/** Text the service may leave out or send as null. */
const text = z.string().nullable();

/** One release (version) of the licence and its system models. */
export const ReleaseSchema = z.object({
  version: z.string().min(1),
  system_models: z.array(z.string().min(1)),
  release_date: z.string().nullable(),
  /** `release` for a published release; `other` for a sandbox, beta or preview. */
  kind: z.enum(['release', 'other']),
});
export type Release = z.infer<typeof ReleaseSchema>;

/** `GET /api/versions`: newest first, and the release `latest` stands for. */
export const ReleasesSchema = z.object({
  releases: z.array(ReleaseSchema),
  /** The newest published release, or another only when the licence holds no published one. */
  latest: z.string().nullable(),
});
export type Releases = z.infer<typeof ReleasesSchema>;

export const IndicatorSchema = z.object({
  id: z.number().int().positive(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
  unit: z.string(),
});
export type Indicator = z.infer<typeof IndicatorSchema>;

/** `GET /api/indicators`: every indicator of a release, flat, in the service's order. */
export const IndicatorsSchema = z.object({ indicators: z.array(IndicatorSchema) });
export type Indicators = z.infer<typeof IndicatorsSchema>;

/** The filter values of a search; answers carry the prose name ("market activity"). */
export const ACTIVITY_TYPE_FILTERS = [
  'MARKET_ACTIVITY',
  'MARKET_GROUP',
  'TRANSFORMING_ACTIVITY',
] as const;
export type ActivityTypeFilter = (typeof ACTIVITY_TYPE_FILTERS)[number];

export const SearchHitSchema = z.object({
  name: z.string(),
  /** ecoinvent's prose name, e.g. "market activity", "ordinary transforming activity". */
  activity_type: text,
  products: z.array(
    z.object({
      name: z.string(),
      unit: text,
      datasets: z.array(z.object({ id: z.number().int().positive(), geography: z.string() })),
    }),
  ),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** `GET /api/datasets`: activities matched (`total`), a page of them with products and datasets. */
export const SectorFacetSchema = z.object({
  name: z.string(),
  /** Datasets in this sector or ISIC section (of the release, or of a search's results). */
  datasets: z.number().int().nonnegative(),
});
export type SectorFacet = z.infer<typeof SectorFacetSchema>;

/**
 * A sector search's own facets: the sectors of its results within the chosen ISIC section, and
 * the ISIC sections of its results within the chosen sector (each facet narrowed by every
 * filter but its own), so a picker's counts are what choosing it would find.
 */
export const SearchFacetsSchema = z.object({
  sectors: z.array(SectorFacetSchema),
  isic_sections: z.array(SectorFacetSchema),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

/**
 * A query with a word spelled another way (aluminum/aluminium, sulphur/sulfur): `instead`, the
 * results are for `query`, as the one typed found nothing; `also`, the results are for the query
 * typed, and `query` finds `total` more.
 */
export const SpellingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('instead'), query: z.string() }),
  z.object({ kind: z.literal('also'), query: z.string(), total: z.number().int().positive() }),
]);

export const SearchResultsSchema = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(SearchHitSchema),
  /** Only on a search filtered by sector or ISIC section, which the proxy answers whole. */
  facets: SearchFacetsSchema.optional(),
  /** Only where a word of the query has another spelling that finds something (the proxy's). */
  spelling: SpellingSchema.optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

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
});
export type Dataset = z.infer<typeof DatasetSchema>;

/** `POST /api/datasets/batch`: the found datasets (`total`) and a page of them, in request order. */
export const DatasetPageSchema = z.object({
  total: z.number().int().nonnegative(),
  datasets: z.array(DatasetSchema),
});
export type DatasetPage = z.infer<typeof DatasetPageSchema>;

/** One scored call's new charges: when, by whom, and which datasets and indicators it added. */
export const ChargeSchema = z.object({
  at: z.iso.datetime(),
  /** A short, not personally revealing label of the user (from the billing ID's hash). */
  user: z.string(),
  /** Whether the caller made it. */
  mine: z.boolean(),
  /** Whether it made its user count as one of the period's users. */
  newUser: z.boolean(),
  datasets: z.array(z.number().int()),
  indicators: z.array(z.number().int()),
});
export type Charge = z.infer<typeof ChargeSchema>;

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
  charged: z.object({
    datasets: z.array(z.number().int()),
    indicators: z.array(z.number().int()),
    /** Whether the caller already counts as one of the period's users (a new one is billed). */
    user: z.boolean(),
  }),
  /** The period's scored calls that charged something, newest first (at most 500). */
  charges: z.array(ChargeSchema),
});
export type Usage = z.infer<typeof UsageSchema>;

/** Reading whole releases (sectors, changes, upgrade checks): how far it has got. */
const BuildingSchema = z.object({
  status: z.literal('building'),
  /** Datasets read so far, of `total` (0 while the datasets are still being listed). */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

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
  BuildingSchema,
]);
export type Sectors = z.infer<typeof SectorsSchema>;

/** A dataset as lists across releases name it: enough to recognise it and link to it. */
export const DatasetRefSchema = z.object({
  id: z.number().int().positive(),
  activity: text,
  product: text,
  geography: text,
  unit: text,
});
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

const docField = z.enum(DOC_FIELDS);

/** A dataset of the other release that may be the one sought, and how it relates to it. */
export const CandidateSchema = z.object({
  dataset: DatasetRefSchema,
  relation: z.enum(RELATIONS),
  /** Its ID is not in the source release, so it may be what the dataset became. */
  new_in_target: z.boolean(),
});
export type CandidateRef = z.infer<typeof CandidateSchema>;

export const ChangeRowSchema = z.object({
  change: z.enum(RELEASE_CHANGES),
  /** The dataset in the older release; null for a new one. */
  from: DatasetRefSchema.nullable(),
  /** The dataset in the newer release; null for a removed one. */
  to: DatasetRefSchema.nullable(),
  /** How the two were matched; null for a new dataset. */
  how: z.enum(MATCH_HOWS).nullable(),
  fields: z.array(docField),
  /** A removed dataset's nearest datasets in the newer release. */
  candidates: z.array(CandidateSchema),
  /** Of the newer side where there is one, for filtering. */
  activity_type: text,
  isic_section: text,
  sectors: z.array(z.string()),
});
export type ChangeRow = z.infer<typeof ChangeRowSchema>;

/** `GET /api/changes`: what changed from one release to another, built once from free calls. */
export const ChangesSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    from: z.string(),
    to: z.string(),
    system_model: z.string(),
    datasets: z.object({ from: z.number().int(), to: z.number().int() }),
    counts: z.record(z.enum(RELEASE_CHANGES), z.number().int().nonnegative()),
    unchanged: z.number().int().nonnegative(),
    rows: z.array(ChangeRowSchema),
  }),
  BuildingSchema,
]);
export type Changes = z.infer<typeof ChangesSchema>;

/** What an upgrade check may say of one entry of a list. */
export const UPGRADE_VERDICTS = [...VERDICTS, 'not in source', 'several in source'] as const;
export type UpgradeVerdict = (typeof UPGRADE_VERDICTS)[number];

export const UpgradeResultSchema = z.object({
  /** The entry's line in the list as given. */
  line: z.number().int().positive(),
  verdict: z.enum(UPGRADE_VERDICTS),
  source: DatasetRefSchema.nullable(),
  target: DatasetRefSchema.nullable(),
  how: z.enum(MATCH_HOWS).nullable(),
  relation: z.enum(RELATIONS).nullable(),
  fields: z.array(docField),
  /** Several candidates, several in source, or gone (the nearest). */
  candidates: z.array(CandidateSchema),
});
export type UpgradeResult = z.infer<typeof UpgradeResultSchema>;

/** `POST /api/upgrade-check`: a verdict per entry, in the order given. */
export const UpgradeCheckSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    from: z.string(),
    to: z.string(),
    system_model: z.string(),
    counts: z.record(z.enum(UPGRADE_VERDICTS), z.number().int().nonnegative()),
    results: z.array(UpgradeResultSchema),
  }),
  BuildingSchema,
]);
export type UpgradeCheck = z.infer<typeof UpgradeCheckSchema>;

export const HistoryEntrySchema = z.object({
  version: z.string(),
  how: z.enum(MATCH_HOWS),
  relation: z.enum(RELATIONS).nullable(),
  /** The dataset in this release; null when none was found. */
  dataset: DatasetRefSchema.nullable(),
  /** What differs from the dataset in the release asked about. */
  fields: z.array(docField),
  candidates: z.array(CandidateSchema),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** `GET /api/datasets/{id}/releases`: the releases and system models of the licence holding an ID. */
export const DatasetReleasesSchema = z.object({
  id: z.number().int().positive(),
  /** Newest release first, as the licence lists them. */
  releases: z.array(z.object({ version: z.string(), system_model: z.string() })),
});
export type DatasetReleases = z.infer<typeof DatasetReleasesSchema>;

/** `GET /api/datasets/{id}/history`: one dataset in every listed release of its system model. */
export const DatasetHistorySchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    id: z.number().int().positive(),
    version: z.string(),
    system_model: z.string(),
    /** Newest first, the release asked about included. */
    releases: z.array(HistoryEntrySchema),
    /**
     * Listed releases of the system model left out, farthest from the one asked about: the
     * proxy holds only so many releases at once (`HISTORY_RELEASES`).
     */
    omitted: z.array(z.string()),
  }),
  BuildingSchema,
]);
/** Releases a dataset's history compares at most, the one asked about included. */
export const HISTORY_RELEASES = 6;
export type DatasetHistory = z.infer<typeof DatasetHistorySchema>;
