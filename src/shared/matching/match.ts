import {
  geographyRelation,
  GEOGRAPHY_RELATIONS,
  nearnessOf,
  type GeographyRelation,
  type Nearness,
} from '../geographies/tree';
import type { DatasetDoc } from './dataset-doc';
import { geographyCode } from './names';
import type { ReleaseIndex } from './release-index';

/**
 * Finding a dataset of one release in the next from documentation alone, only where the
 * evidence is conclusive. Dataset IDs are meant to be stable, but a merged, moved or otherwise
 * reworked dataset may get a new one (upstream-api.md §5); then its Spold UUIDs, and then its
 * names, say which dataset it became:
 *
 * 1. `same ID`: the next release has the Dataset ID.
 * 2. `same UUIDs`: exactly one dataset new in it has the same activity UUID, product UUID and
 *    geography.
 * 3. `same names`: exactly one dataset new in it has the same activity, product and geography
 *    names (compared without case, spacing, dash or quote differences).
 *
 * Anything looser (the same activity in another geography, a product renamed) is not evidence
 * enough to name a successor: a dataset removed while another of its activity is added
 * elsewhere looks just the same. Those are candidates, ranked, each with its reason; a change
 * report (./report-match.ts) names such successors with authority.
 */
type Inferred = 'same ID' | 'same UUIDs' | 'same names';

/** How a candidate relates to the dataset it may stand for. */
export const RELATIONS = [
  'same UUIDs',
  'same names',
  'same activity, other product',
  'same activity and product, other geography',
  'possible split',
  'similar activity, same product',
  'same product and geography, other activity',
] as const;
type Relation = (typeof RELATIONS)[number];

export interface Candidate {
  doc: DatasetDoc;
  relation: Relation;
  /** How its geography relates to the dataset's: `within`, `carved out`, `world` … */
  geography: GeographyRelation;
  /** Its ID is not in the release the dataset comes from: it may be what the dataset became. */
  newInTarget: boolean;
}

/** Candidates listed at most per dataset. */
export const MAX_CANDIDATES = 10;

/** Codes and relations of the few hundred geographies a database has, each worked out once. */
const CODES = new Map<string, string>();
const RELATED = new Map<string, Map<string, GeographyRelation>>();

export function geographyOf(doc: DatasetDoc): string {
  const display = doc.geography ?? '';
  let code = CODES.get(display);
  if (code === undefined) {
    code = geographyCode(display);
    CODES.set(display, code);
  }
  return code;
}

export function relationOfGeography(source: DatasetDoc, other: DatasetDoc): GeographyRelation {
  if (
    source.geography_spold_uuid &&
    other.geography_spold_uuid &&
    source.geography_spold_uuid === other.geography_spold_uuid
  )
    return 'same';
  const from = geographyOf(source);
  const to = geographyOf(other);
  let row = RELATED.get(from);
  if (!row) {
    row = new Map();
    RELATED.set(from, row);
  }
  let relation = row.get(to);
  if (relation === undefined) {
    relation = geographyRelation(from, to);
    row.set(to, relation);
  }
  return relation;
}

function sameGeography(a: DatasetDoc, b: DatasetDoc, aGeo: string, bGeo: string): boolean {
  if (a.geography_spold_uuid && b.geography_spold_uuid)
    return a.geography_spold_uuid === b.geography_spold_uuid;
  return aGeo === bGeo;
}

/**
 * How near a candidate's geography lies to the dataset's (../geographies/tree.ts), each pair
 * worked out once: its band (the same geography or one along the tree, then a related one, then
 * an unrelated one) and its steps along the tree.
 */
const NEAR = new Map<string, { band: number; steps: number }>();
const BANDS: Record<Nearness, number> = {
  same: 0,
  'along the tree': 0,
  related: 1,
  unrelated: 2,
};

function nearOf(source: DatasetDoc, candidate: Candidate): { band: number; steps: number } {
  const from = geographyOf(source);
  const to = geographyOf(candidate.doc);
  const key = `${from}\u0000${to}\u0000${candidate.geography}`;
  let near = NEAR.get(key);
  if (near === undefined) {
    const { nearness, steps } = nearnessOf(from, to, candidate.geography);
    near = { band: BANDS[nearness], steps };
    NEAR.set(key, near);
  }
  return near;
}

/**
 * Nearest first, as the lists say: by the band of the geography's nearness to the dataset's
 * `source` (the same or along the tree, related, unrelated), then new datasets first, then by
 * relation, then by the kind of move along the tree, then by fewer steps along it, then by ID.
 * The same geography shares its band with moves along the tree: a dataset moved from US-ID to
 * a new one in the US is likelier what it became than another activity that stayed in US-ID
 * (against the emulator's record, ranking the same geography first put the recorded successor
 * first a fifth less often).
 */
export function rankCandidates(source: DatasetDoc, candidates: Iterable<Candidate>): Candidate[] {
  const keyed = [...candidates].map((candidate) => ({ candidate, ...nearOf(source, candidate) }));
  keyed.sort(
    (x, y) =>
      x.band - y.band ||
      Number(y.candidate.newInTarget) - Number(x.candidate.newInTarget) ||
      RELATIONS.indexOf(x.candidate.relation) - RELATIONS.indexOf(y.candidate.relation) ||
      GEOGRAPHY_RELATIONS.indexOf(x.candidate.geography) -
        GEOGRAPHY_RELATIONS.indexOf(y.candidate.geography) ||
      x.steps - y.steps ||
      x.candidate.doc.id - y.candidate.doc.id,
  );
  return keyed.map(({ candidate }) => candidate);
}

/** The nearest datasets of the target for a dataset it has not found, ranked. */
export function nearest(
  source: DatasetDoc,
  sourceIndex: ReleaseIndex,
  target: ReleaseIndex,
): Candidate[] {
  const names = sourceIndex.names(source);
  const found = new Map<number, Candidate>();
  const add = (doc: DatasetDoc, relation: Relation) => {
    if (doc.id === source.id || found.has(doc.id)) return;
    found.set(doc.id, {
      doc,
      relation,
      geography: relationOfGeography(source, doc),
      newInTarget: !sourceIndex.has(doc.id),
    });
  };
  const byUuid = source.activity_spold_uuid
    ? target.withActivityUuid(source.activity_spold_uuid)
    : [];
  for (const doc of byUuid)
    if (doc.product_spold_uuid !== source.product_spold_uuid)
      add(doc, 'same activity, other product');
  for (const doc of target.withActivity(names.activity)) {
    const other = target.names(doc);
    const geography = sameGeography(source, doc, names.geography, other.geography);
    // Its own names under an ID the source has: another dataset's, but worth showing.
    if (geography && other.product === names.product) add(doc, 'same names');
    if (geography && other.product !== names.product) add(doc, 'same activity, other product');
    if (!geography && other.product === names.product)
      add(doc, 'same activity and product, other geography');
  }
  for (const doc of target.withProduct(names.product)) {
    const other = target.names(doc);
    if (other.activity === names.activity) continue;
    if (sameGeography(source, doc, names.geography, other.geography))
      add(doc, 'same product and geography, other activity');
    // Renamed and moved at once (a fifth of real moves): a new dataset of the product whose
    // activity's name contains the other's, in a geography along the tree.
    else if (
      !sourceIndex.has(doc.id) &&
      (other.activity.includes(names.activity) || names.activity.includes(other.activity)) &&
      relationOfGeography(source, doc) !== 'other'
    )
      add(doc, 'similar activity, same product');
  }
  return rankCandidates(source, found.values()).slice(0, MAX_CANDIDATES);
}

/** What documentation alone says of one dataset in the next release. */
export type Inference =
  { how: Inferred; doc: DatasetDoc } | { how: 'none'; candidates: Candidate[] };

/** Steps 1–3 for one dataset; else its ranked candidates. */
export function infer(
  source: DatasetDoc,
  sourceIndex: ReleaseIndex,
  target: ReleaseIndex,
): Inference {
  const same = target.byId.get(source.id);
  if (same) return { how: 'same ID', doc: same };
  // A dataset of the target whose ID the source has is that dataset's own successor.
  const isNew = (doc: DatasetDoc) => !sourceIndex.has(doc.id);
  const names = sourceIndex.names(source);
  const steps: ['same UUIDs' | 'same names', DatasetDoc[]][] = [
    [
      'same UUIDs',
      source.activity_spold_uuid && source.product_spold_uuid
        ? target
            .withActivityUuid(source.activity_spold_uuid)
            .filter(
              (doc) =>
                isNew(doc) &&
                doc.product_spold_uuid === source.product_spold_uuid &&
                sameGeography(source, doc, names.geography, target.names(doc).geography),
            )
        : [],
    ],
    [
      'same names',
      source.activity !== null && source.product !== null && source.geography !== null
        ? target.withActivity(names.activity).filter((doc) => {
            const other = target.names(doc);
            return (
              isNew(doc) &&
              other.product === names.product &&
              sameGeography(source, doc, names.geography, other.geography)
            );
          })
        : [],
    ],
  ];
  for (const [how, docs] of steps) {
    const [only, ...more] = docs;
    if (!only) continue;
    if (more.length === 0) return { how, doc: only };
    return {
      how: 'none',
      candidates: rankCandidates(
        source,
        docs.map((doc) => ({
          doc,
          relation: how,
          geography: relationOfGeography(source, doc),
          newInTarget: true,
        })),
      ).slice(0, MAX_CANDIDATES),
    };
  }
  return { how: 'none', candidates: nearest(source, sourceIndex, target) };
}
