import { z } from 'zod/mini';
import { GEOGRAPHY_RELATIONS } from '../../geographies/tree';
import { ReportKeySchema } from '../../matching/change-report';
import { DOC_FIELDS } from '../../matching/dataset-doc';
import { MATCH_HOWS, VERDICTS } from '../../matching/decide';
import { RELATIONS } from '../../matching/match';
import { RELEASE_CHANGES } from '../../matching/verdict';
import { CHANGE_KINDS, ENTRY_CHANGES } from '../../matching/words';
import { text } from './common';
import { SectorFacetSchema } from './datasets';

/** Reading whole releases (sectors, changes, upgrade checks): how far it has got. */
export const BuildingSchema = z.object({
  status: z.literal('building'),
  /** Datasets read so far, of `total` (0 while the datasets are still being listed). */
  done: z.int().check(z.nonnegative()),
  total: z.int().check(z.nonnegative()),
});

/**
 * `GET /api/sectors`: the sectors and ISIC sections of a release and system model. The data
 * service's search cannot filter by them, so the proxy indexes a release once (from free
 * calls) and answers `building` with its progress until the index is ready.
 */
export const SectorsSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    datasets: z.int().check(z.nonnegative()),
    sectors: z.array(SectorFacetSchema),
    isic_sections: z.array(SectorFacetSchema),
  }),
  BuildingSchema,
]);
export type Sectors = z.infer<typeof SectorsSchema>;

/** A dataset as lists across releases name it: enough to recognise it and link to it. */
const DatasetRefSchema = z.object({
  id: z.int().check(z.positive()),
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
const SpoldRefSchema = z.extend(DatasetRefSchema, {
  activity_spold_uuid: text,
  product_spold_uuid: text,
});
export type SpoldRef = z.infer<typeof SpoldRefSchema>;

const docField = z.enum(DOC_FIELDS);

const candidate = <T extends z.ZodMiniType>(dataset: T) =>
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
  share: z.nullable(z.number().check(z.minimum(0), z.maximum(1))),
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
  entries: z.int().check(z.nonnegative()),
  applied: z.int().check(z.nonnegative()),
  unmatched: z.int().check(z.nonnegative()),
});
export type ReportStep = z.infer<typeof ReportStepSchema>;

const ChangeRowSchema = z.object({
  change: z.enum(RELEASE_CHANGES),
  /** The dataset in the older release; null for a new one. */
  from: z.nullable(DatasetRefSchema),
  /** The dataset in the newer release; null when none is certain. */
  to: z.nullable(DatasetRefSchema),
  /** What named the newer one; null for a new dataset. */
  how: z.nullable(z.enum(MATCH_HOWS)),
  basis: z.enum(BASES),
  reports: z.array(z.string()),
  /** For a split, the share of the older dataset the newer one takes. */
  share: z.nullable(z.number().check(z.minimum(0), z.maximum(1))),
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

const count = z.int().check(z.nonnegative());
const countsByChange = z.record(z.enum(RELEASE_CHANGES), count);

/** What a pair of releases' changes say as a whole, with the list or a page of it. */
const changesSummary = {
  status: z.literal('ready'),
  from: z.string(),
  to: z.string(),
  system_model: z.string(),
  datasets: z.object({ from: z.int(), to: z.int() }),
  counts: countsByChange,
  unchanged: count,
  /** Each step between the two releases and the change report it was decided by, if any. */
  reports: z.array(ReportStepSchema),
  unmatched_entries: z.array(UnmatchedEntrySchema),
};

/** `GET /api/changes`: what changed from one release to another, built once from free calls. */
export const ChangesSchema = z.discriminatedUnion('status', [
  z.object({ ...changesSummary, rows: z.array(ChangeRowSchema) }),
  BuildingSchema,
]);
export type Changes = z.infer<typeof ChangesSchema>;
/** What the list and a page of it both say of a pair of releases. */
export type ChangesSummary = Omit<Extract<Changes, { status: 'ready' }>, 'rows'>;

const FacetSchema = z.object({ name: z.string(), rows: count });

/**
 * `GET /api/changes/page`: one page of the same list as filters narrow it, with what the page
 * around it shows, so a browser reads a hundred rows rather than thousands.
 */
export const ChangesPageSchema = z.discriminatedUnion('status', [
  z.object({
    ...changesSummary,
    /** Changed datasets in all, before any filter. */
    total: count,
    /** The list's sectors, ISIC sections and activity types, with how many rows have each. */
    facets: z.object({
      sectors: z.array(FacetSchema),
      isic_sections: z.array(FacetSchema),
      activity_types: z.array(FacetSchema),
    }),
    /** The rows the filters keep. */
    matching: count,
    /** Each kind's count among the rows the other filters keep; null when none narrows. */
    counts_within: z.nullable(countsByChange),
    /** The IDs the filters keep (the newer side's, else the older's), each once. */
    ids: z.array(z.int()),
    page: z.int().check(z.positive()),
    pages: z.int().check(z.positive()),
    rows: z.array(ChangeRowSchema),
    /** Rows of other pages the page's rows need: all parts of a split, all of a merge. */
    related: z.array(ChangeRowSchema),
  }),
  BuildingSchema,
]);
export type ChangesPage = z.infer<typeof ChangesPageSchema>;

/** What an upgrade check may say of one entry of a list. */
export const UPGRADE_VERDICTS = [...VERDICTS, 'not in source', 'several in source'] as const;
export type UpgradeVerdict = (typeof UPGRADE_VERDICTS)[number];

export const UpgradeResultSchema = z.object({
  /** The entry's line in the list as given. */
  line: z.int().check(z.positive()),
  verdict: z.enum(UPGRADE_VERDICTS),
  /**
   * What became of it in the explorer's one vocabulary (src/shared/matching/words.ts), told of
   * the target: `verdict` says whether the ID held, `change` what happened (moved, renamed …).
   */
  change: z.enum(ENTRY_CHANGES),
  source: z.nullable(SpoldRefSchema),
  /** The one dataset it maps to: its successor, or for a split its own ID or largest share. */
  target: z.nullable(SpoldRefSchema),
  /** Every dataset it became, each with its share for a split. */
  successors: z.array(LinkSchema),
  how: z.nullable(z.enum(MATCH_HOWS)),
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
    counts: z.record(z.enum(UPGRADE_VERDICTS), z.int().check(z.nonnegative())),
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
  verdict: z.nullable(z.enum(HISTORY_VERDICTS)),
  /** The same in the explorer's one vocabulary; null for the release asked about. */
  change: z.nullable(z.enum(CHANGE_KINDS)),
  how: z.enum(MATCH_HOWS),
  basis: z.enum(BASES),
  reports: z.array(z.string()),
  /** The dataset in this release that it is followed to (a split's own ID or largest share). */
  dataset: z.nullable(SpoldRefSchema),
  /** Every dataset of this release linked to it: what it became, or what it came from. */
  linked: z.array(LinkSchema),
  /** What differs from the dataset in the release asked about. */
  fields: z.array(docField),
  candidates: z.array(CandidateSchema),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** `GET /api/datasets/{id}/releases`: the releases and system models of the licence holding an ID. */
export const DatasetReleasesSchema = z.object({
  id: z.int().check(z.positive()),
  /** Newest release first, as the licence lists them. */
  releases: z.array(z.object({ version: z.string(), system_model: z.string() })),
});

/** `GET /api/datasets/{id}/history`: one dataset in every listed release of its system model. */
export const DatasetHistorySchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    id: z.int().check(z.positive()),
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
