import { z } from 'zod';
import { GEOGRAPHY_RELATIONS } from '../geographies/tree';
import { ReportKeySchema } from '../matching/change-report';
import { DOC_FIELDS } from '../matching/dataset-doc';
import { MATCH_HOWS, VERDICTS } from '../matching/decide';
import { INDICATOR_BASES, INDICATOR_FIELDS, INDICATOR_RELATIONS } from '../matching/indicators';
import { RELATIONS } from '../matching/match';
import { RELEASE_CHANGES } from '../matching/verdict';
import { CHANGE_KINDS, ENTRY_CHANGES } from '../matching/words';
import { ProvenanceSchema } from './provenance';

/**
 * The answers of the proxy's own API: the explorer's names and types, whatever shape the data
 * service sends (the proxy's upstream adapter turns every variant it knows into these).
 * Text the service may leave out is `null` here, never a string "null".
 */

/** Text the service may leave out or send as null. */
const text = z.string().nullable();

/**
 * What the data service may send in place of a field's value: nothing (`never`: a null or a
 * missing field is an answer the explorer refuses, 502 `upstream_shape`), `null`, or `null or
 * absent`. Absent is not null: a field the list expects that is missing from an answer is
 * refused, unless the list says it may be absent.
 */
export type Leeway = 'never' | 'null' | 'null or absent';
export interface FieldRule {
  mayBe: Leeway;
  /** What upstream-api.md knows of the field, and why the explorer allows what it allows. */
  known: string;
}

const IDENTIFIES =
  'the explorer names, finds and compares datasets by it, so a dataset without it would be shown wrong';
const DESCRIBES =
  'nullability NOT FOUND; the explorer can show the rest of the dataset and says “not given by the data service”';

/**
 * The one list of which fields of the data service's answers may be null or absent, field by
 * field, from the evidence in upstream-api.md (§6, §7, §12.10): nullability is documented for
 * none of them. The proxy's adapter enforces exactly this (src/proxy/upstream/adapter/), and the
 * explorer shows each allowed null as “not given by the data service”, never as a blank.
 */
export const UPSTREAM_FIELDS = {
  /** A dataset object (§7.1; the documented batch example has a value in every field). */
  dataset: {
    id: { mayBe: 'never', known: `documented example; ${IDENTIFIES}` },
    activity: { mayBe: 'never', known: `documented example, read live (EVA-CMD); ${IDENTIFIES}` },
    product: { mayBe: 'never', known: `documented example; ${IDENTIFIES}` },
    geography: { mayBe: 'never', known: `documented example, seen live (EVA-PINS); ${IDENTIFIES}` },
    unit: {
      mayBe: 'never',
      known:
        'documented example, read live (EVA-CMD); scores are per unit of it, so a score without it would be a number without meaning',
    },
    description: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    time_period: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    activity_type: {
      mayBe: 'null',
      known: `documented example, its format unclear (§6.3); ${DESCRIBES}`,
    },
    isic_section: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    isic_class: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    activity_spold_uuid: {
      mayBe: 'null',
      known: `documented example; ${DESCRIBES}; matching across releases then uses names`,
    },
    geography_spold_uuid: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    product_spold_uuid: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    sectors: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    url: { mayBe: 'null', known: `documented example; ${DESCRIBES} (no ecoQuery link)` },
    url_history: { mayBe: 'null', known: `documented example; ${DESCRIBES} (no ecoQuery link)` },
    impact_scores: {
      mayBe: 'never',
      known:
        'documented example; when no indicator is asked for, absent or null is allowed (§7.1: NOT FOUND which); when indicators are asked for, the scores are the answer',
    },
  },
  /** An item of `impact_scores` (§7.2, documented and seen live). */
  score: {
    id: { mayBe: 'never', known: 'documented; the indicator the score is of' },
    score: {
      mayBe: 'null',
      known:
        'documented as a number; a score the service cannot compute may come null, as NaN (Python writes it bare), as a marker such as "n/a", or with its row left out: each read as no score, shown as such (never 0), the other indicators unaffected; a number written as text is refused, never guessed at',
    },
    unit: { mayBe: 'never', known: 'documented; a score without its unit has no meaning' },
    method: { mayBe: 'never', known: 'documented' },
    category: { mayBe: 'never', known: 'documented' },
    indicator: { mayBe: 'never', known: 'documented' },
  },
  /** A search result's activity (§6.3, third-party only). */
  searchActivity: {
    name: { mayBe: 'never', known: `read by two third-party clients; ${IDENTIFIES}` },
    activity_type: { mayBe: 'null', known: `third-party; ${DESCRIBES}` },
    products: { mayBe: 'never', known: 'read by a third-party client (EVA-MATCH)' },
  },
  searchProduct: {
    name: { mayBe: 'never', known: `read by a third-party client; ${IDENTIFIES}` },
    unit: {
      mayBe: 'null',
      known: `seen live (EVA-PINS); ${DESCRIBES}; the dataset's own unit is required`,
    },
    datasets: { mayBe: 'never', known: 'read by a third-party client (EVA-MATCH)' },
  },
  searchDataset: {
    id: { mayBe: 'never', known: `seen live (EVA-PINS); ${IDENTIFIES}` },
    geography: { mayBe: 'never', known: `seen live (EVA-PINS); ${IDENTIFIES}` },
  },
  /** An indicator of `/indicators` (§6.2: shape NOT FOUND; the score items carry these five). */
  indicator: {
    id: { mayBe: 'never', known: 'as in score items; scores are asked for by it' },
    method: { mayBe: 'never', known: 'as in score items; the catalogue is ordered by it' },
    category: { mayBe: 'never', known: 'as in score items' },
    indicator: { mayBe: 'never', known: 'as in score items' },
    unit: { mayBe: 'never', known: 'as in score items; a score without its unit has no meaning' },
  },
  /** An entry of `/versions` (§6.1: shape NOT FOUND, `results` read by one client). */
  release: {
    version: { mayBe: 'never', known: 'read by a third-party client; every request names it' },
    release_date: {
      mayBe: 'null or absent',
      known: 'one third-party mention (EVA-FIND); the explorer shows “not given” without it',
    },
  },
} as const satisfies Record<string, Record<string, FieldRule>>;
export type UpstreamObject = keyof typeof UPSTREAM_FIELDS;

/** One release (version) of the licence and its system models. */
const VersionEntrySchema = z.object({
  version: z.string().min(1),
  system_models: z.array(z.string().min(1)),
  release_date: z.string().nullable(),
  /** `release` for a published release; `other` for a sandbox, beta or preview. */
  kind: z.enum(['release', 'other']),
  /**
   * System models the data service lists for this release but its data routes refuse under
   * that name (and no name the proxy knows for them works): never offered, named here.
   */
  refused: z.array(z.string()).optional(),
});
export type VersionEntry = z.infer<typeof VersionEntrySchema>;

/** `GET /api/versions`: newest first, and the release `latest` stands for. */
export const ReleasesSchema = z.object({
  releases: z.array(VersionEntrySchema),
  /** The newest published release, or another only when the licence holds no published one. */
  latest: z.string().nullable(),
});
export type Releases = z.infer<typeof ReleasesSchema>;

const IndicatorSchema = z.object({
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
      id: z.number().int().positive(),
      /** The same indicator in `to`, how it was found and which names differ; null when none. */
      counterpart: z
        .object({
          indicator: IndicatorSchema,
          basis: z.enum(INDICATOR_BASES),
          differs: indicatorFields,
        })
        .nullable(),
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
      datasets: z.array(z.object({ id: z.number().int().positive(), geography: z.string() })),
    }),
  ),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** `GET /api/datasets`: activities matched (`total`), a page of them with products and datasets. */
const SectorFacetSchema = z.object({
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
  z.object({ kind: z.literal('also'), query: z.string(), total: z.number().int().positive() }),
]);

export const SearchResultsSchema = z.object({
  total: z.number().int().nonnegative(),
  /**
   * True when the proxy cannot vouch for `total`: the data service counts no further (its
   * listing goes on past the total it gives), so there are at least `total`. Absent: a count.
   */
  total_at_least: z.boolean().optional(),
  results: z.array(SearchHitSchema),
  /** Only on a search filtered by sector or ISIC section, which the proxy answers whole. */
  facets: SearchFacetsSchema.optional(),
  /** Only where a word of the query has another spelling that finds something (the proxy's). */
  spelling: SpellingSchema.optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

const ImpactScoreSchema = z.object({
  id: z.number().int(),
  /**
   * Null: no score. The data service gave none for this indicator (it sent null, NaN or a
   * marker, or left the row out): shown as “no score”, never as 0 or any number. Billed as the
   * service bills it (an indicator asked for and known to the release).
   */
  score: z.number().nullable(),
  unit: z.string(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
  /**
   * Where this value came from. The proxy sends it once per dataset (`Dataset.provenance`); a
   * reader that puts the scores of several answers together copies it onto each score, so every
   * value keeps its own answer's.
   */
  provenance: ProvenanceSchema.optional(),
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
  /** On an answer with scores: the data service, time, explorer version and evidence digest. */
  provenance: ProvenanceSchema.optional(),
});
export type Dataset = z.infer<typeof DatasetSchema>;

/** `POST /api/datasets/batch`: the found datasets (`total`) and a page of them, in request order. */
export const DatasetPageSchema = z.object({
  total: z.number().int().nonnegative(),
  datasets: z.array(DatasetSchema),
});
export type DatasetPage = z.infer<typeof DatasetPageSchema>;

/**
 * The explorer page a scored call came from, as the SPA says in the `X-Explorer-Page` header.
 * Anything else, or nothing (a program), is `other`.
 */
const EXPLORER_PAGES = ['dataset', 'compare', 'history', 'upgrade', 'other'] as const;
const ExplorerPageSchema = z.enum(EXPLORER_PAGES);
export type ExplorerPage = z.infer<typeof ExplorerPageSchema>;
export const EXPLORER_PAGE_HEADER = 'x-explorer-page';

/** A header value as an explorer page: an unknown or missing one is `other`. */
export function explorerPageOf(value: unknown): ExplorerPage {
  // A lookup, not a schema: most requests carry no such header, and a failed parse builds an
  // error on every one of them (the proxy's hot path).
  return EXPLORER_PAGES.find((page) => page === value) ?? 'other';
}

/**
 * Who sent a scored call: the explorer in a browser (a token of its own OIDC client), a program
 * (a token of another client of the same issuer), or `unknown` (no sign-in, or a charge recorded
 * before this was kept).
 */
export const CallerClientSchema = z.enum(['browser', 'program', 'unknown']);
export type CallerClient = z.infer<typeof CallerClientSchema>;

/** One scored call's new charges: when, by whom, what for, and what it added to the bill. */
const ChargeSchema = z.object({
  at: z.iso.datetime(),
  /**
   * A label of the user that tells users apart without naming them: keyed with a secret of the
   * proxy, so it cannot be computed from a username. `unknown` in charges kept before it was.
   */
  user: z.string(),
  /** Whether the caller made it. */
  mine: z.boolean(),
  /** Whether it made its user count as one of the period's users. */
  newUser: z.boolean(),
  datasets: z.array(z.number().int()),
  /**
   * A page of datasets whose outcome nobody knows (a timeout): at most `count` of them were
   * charged, all counted against the budget as `count`.
   */
  maybe: z.object({ datasets: z.array(z.number().int()), count: z.number().int() }).nullable(),
  indicators: z.array(z.number().int()),
  /** The release the scores were for; null in charges kept before it was. */
  release: z.object({ version: z.string(), system_model: z.string() }).nullable(),
  page: ExplorerPageSchema,
  client: CallerClientSchema,
});
export type Charge = z.infer<typeof ChargeSchema>;

const Count = z.number().int().nonnegative();

/** `GET /api/usage`: this licence period's charges as the proxy counted them. */
export const UsageSchema = z.object({
  period: z.string(),
  /** The licence period's first and last day (UTC). */
  period_start: z.iso.date(),
  period_end: z.iso.date(),
  /**
   * Datasets charged this period, counting as many of `maybe.datasets` as `maybe.count` says:
   * what the budget counts as used.
   */
  datasets: Count,
  indicators: Count,
  users: Count,
  budget: z.object({
    datasets: z.number().int().nullable(),
    indicators: z.number().int().nullable(),
  }),
  /**
   * Scored calls whose outcome is not recorded yet (in flight, or not settled while the ledger
   * could not be written, as during an outage): the datasets and indicators they may still
   * charge, of which at most `count` datasets, all counted against the budget already.
   */
  pending: z.object({
    calls: Count,
    datasets: z.array(z.number().int()),
    count: Count,
    indicators: z.array(z.number().int()),
  }),
  /**
   * Pages of datasets whose outcome nobody knows (a timeout): at most `count` of these datasets
   * were charged. They are not in `charged.datasets`, since asking for them may charge them.
   */
  maybe: z.object({ datasets: z.array(z.number().int()), count: Count }),
  /**
   * Charges the service billed that the ledger lost (Redis lost its data and an operator
   * confirmed it, `npm run ledger:confirm -- --yes`): counted in `datasets`, `indicators` and
   * `users` and against the budget, but with no IDs or calls left to itemise. Absent from a
   * proxy older than it: none.
   */
  lost: z
    .object({ datasets: Count, indicators: Count, users: Count })
    .default({ datasets: 0, indicators: 0, users: 0 }),
  charged: z.object({
    datasets: z.array(z.number().int()),
    indicators: z.array(z.number().int()),
    /** Whether the caller already counts as one of the period's users (a new one is billed). */
    user: z.boolean(),
    /**
     * Datasets whose scores the data service returned in each release this period, charged or
     * not. The service's documents count Dataset IDs and do not say whether an ID asked for in
     * another release is billed again: an ID in `datasets` but not under a release may be.
     */
    releases: z.array(
      z.object({
        version: z.string(),
        system_model: z.string(),
        datasets: z.array(z.number().int()),
      }),
    ),
  }),
  /** What the caller may see of others' charges: only admins see colleagues' itemised charges. */
  viewer: z.object({ admin: z.boolean() }),
  /**
   * The period's scored calls that charged something, newest first (the newest 500): the caller's
   * own, or everyone's for an admin.
   */
  charges: z.array(ChargeSchema),
  /** How many such calls there are in all: more than `charges` lists when over 500. */
  charges_total: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof UsageSchema>;

/** Reading whole releases (sectors, changes, upgrade checks): how far it has got. */
export const BuildingSchema = z.object({
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
const DatasetRefSchema = z.object({
  id: z.number().int().positive(),
  activity: text,
  product: text,
  geography: text,
  unit: text,
});
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

/**
 * A dataset as a mapping names it, to relink a model by: with its ecoSpold UUIDs
 * (`activity_product.spold` is its file name). The changes of a whole release leave them out.
 */
const SpoldRefSchema = DatasetRefSchema.extend({
  activity_spold_uuid: text,
  product_spold_uuid: text,
});
export type SpoldRef = z.infer<typeof SpoldRefSchema>;

const docField = z.enum(DOC_FIELDS);

const candidate = <T extends z.ZodType>(dataset: T) =>
  z.object({
    dataset,
    relation: z.enum(RELATIONS),
    /** How its geography relates to the dataset's (within, carved out, world …). */
    geography: z.enum(GEOGRAPHY_RELATIONS),
    /** Its ID is not in the source release, so it may be what the dataset became. */
    new_in_target: z.boolean(),
  });
/** A dataset of the other release that may be the one sought, and why. */
const CandidateSchema = candidate(SpoldRefSchema);
export type CandidateRef = z.infer<typeof CandidateSchema>;
/** The same, in the changes of a whole release. */
const ChangeCandidateSchema = candidate(DatasetRefSchema);
export type ChangeCandidate = z.infer<typeof ChangeCandidateSchema>;

/** A dataset named for certain as what another became (or came from), with its share of a split. */
const LinkSchema = z.object({
  dataset: SpoldRefSchema,
  /** The share of the source it takes in a split (allocation, 0–1); null for a whole dataset. */
  share: z.number().min(0).max(1).nullable(),
  /** What differs from the dataset it is linked to. */
  fields: z.array(docField),
});
export type Link = z.infer<typeof LinkSchema>;

/**
 * Where a verdict comes from: ecoinvent's change reports (named in `reports`), or the
 * documentation alone (same ID, same Spold UUIDs or same names).
 */
const BASES = ['change report', 'documentation'] as const;
export type Basis = (typeof BASES)[number];

/** A change report entry that names no dataset of its releases, or several: listed, not dropped. */
const UnmatchedEntrySchema = z.object({
  report: z.string(),
  kind: z.enum(['replace', 'disaggregate']),
  source: ReportKeySchema,
  targets: z.array(ReportKeySchema),
  reason: z.string(),
});
export type UnmatchedEntry = z.infer<typeof UnmatchedEntrySchema>;

/** One step between neighbouring releases on the way compared, and its change report if any. */
export const ReportStepSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** "ecoinvent change report 3.11 → 3.12". */
  label: z.string(),
  /** Whether the proxy has that report; without it the step is inferred from documentation. */
  loaded: z.boolean(),
  entries: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  unmatched: z.number().int().nonnegative(),
});
export type ReportStep = z.infer<typeof ReportStepSchema>;

const ChangeRowSchema = z.object({
  change: z.enum(RELEASE_CHANGES),
  /** The dataset in the older release; null for a new one. */
  from: DatasetRefSchema.nullable(),
  /** The dataset in the newer release; null when none is certain. */
  to: DatasetRefSchema.nullable(),
  /** What named the newer one; null for a new dataset. */
  how: z.enum(MATCH_HOWS).nullable(),
  basis: z.enum(BASES),
  reports: z.array(z.string()),
  /** For a split, the share of the older dataset the newer one takes. */
  share: z.number().min(0).max(1).nullable(),
  fields: z.array(docField),
  /**
   * Without a certain successor, the nearest datasets of the newer release; for a new dataset,
   * those of the older release it may come from (a possible split of a broader one).
   */
  candidates: z.array(ChangeCandidateSchema),
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
    /** Each step between the two releases and the change report it was decided by, if any. */
    reports: z.array(ReportStepSchema),
    unmatched_entries: z.array(UnmatchedEntrySchema),
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
  /**
   * What became of it in the explorer's one vocabulary (src/shared/matching/words.ts), told of
   * the target: `verdict` says whether the ID held, `change` what happened (moved, renamed …).
   */
  change: z.enum(ENTRY_CHANGES),
  source: SpoldRefSchema.nullable(),
  /** The one dataset it maps to: its successor, or for a split its own ID or largest share. */
  target: SpoldRefSchema.nullable(),
  /** Every dataset it became, each with its share for a split. */
  successors: z.array(LinkSchema),
  how: z.enum(MATCH_HOWS).nullable(),
  basis: z.enum(BASES),
  reports: z.array(z.string()),
  /** What differs between the source and the target. */
  fields: z.array(docField),
  /** No certain successor or several in source: to choose from; unchanged: possible splits. */
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
    reports: z.array(ReportStepSchema),
    results: z.array(UpgradeResultSchema),
  }),
  BuildingSchema,
]);
export type UpgradeCheck = z.infer<typeof UpgradeCheckSchema>;

/** What a history says of a release: what became of the dataset, or (before it) what it was. */
const HISTORY_VERDICTS = [...VERDICTS, 'new'] as const;

const HistoryEntrySchema = z.object({
  version: z.string(),
  /**
   * Null for the release asked about. In a later release, what the dataset became there; in an
   * earlier one, what became of the dataset it was there, or `new` when it had none.
   */
  verdict: z.enum(HISTORY_VERDICTS).nullable(),
  /** The same in the explorer's one vocabulary; null for the release asked about. */
  change: z.enum(CHANGE_KINDS).nullable(),
  how: z.enum(MATCH_HOWS),
  basis: z.enum(BASES),
  reports: z.array(z.string()),
  /** The dataset in this release that it is followed to (a split's own ID or largest share). */
  dataset: SpoldRefSchema.nullable(),
  /** Every dataset of this release linked to it: what it became, or what it came from. */
  linked: z.array(LinkSchema),
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
