import { docDiff, type DatasetDoc, type DocField } from './dataset-doc';
import type { ReleaseIndex } from './release-index';

/**
 * Finding a dataset of one release in another. Dataset IDs are meant to be stable, but a
 * merged, moved or otherwise reworked dataset may get a new one (upstream-api.md §5); then
 * its Spold UUIDs, and then its names, say which dataset it became.
 *
 * 1. `same ID`: the target release has the Dataset ID.
 * 2. `same UUIDs`: a dataset new in the target has the same activity UUID, product UUID and
 *    geography.
 * 3. `same names`: a dataset new in the target has the same activity, product and geography
 *    names (compared without case, spacing, dash or quote differences).
 * 4. `likely successor` (decided over the whole release, see `matchReleases`): nothing above,
 *    but exactly one dataset new in the target keeps its activity (UUID, or name and geography)
 *    with another product, or else exactly one keeps its activity and product in another
 *    geography, and no other dataset claims it. ecoinvent's change reports call these
 *    replacements (a product renamed, a dataset moved). The second is the weaker tie: a dataset
 *    removed while an unrelated one of the same activity is added elsewhere looks the same,
 *    which is why it is called likely and its candidates are kept.
 * `several candidates` when step 2 or 3 finds more than one; `none` otherwise, with the
 * nearest datasets of the target as candidates.
 */
export const MATCH_HOWS = [
  'same ID',
  'same UUIDs',
  'same names',
  'likely successor',
  'several candidates',
  'none',
] as const;
export type MatchHow = (typeof MATCH_HOWS)[number];

/** How a candidate relates to the dataset it may stand for. */
export const RELATIONS = [
  'same UUIDs',
  'same names',
  'same activity, other product',
  'same activity and product, other geography',
  'same product and geography, other activity',
] as const;
export type Relation = (typeof RELATIONS)[number];

export interface Candidate {
  doc: DatasetDoc;
  relation: Relation;
  /** Its ID is not in the source release: it may be what the dataset became. */
  newInTarget: boolean;
}

export interface Match {
  how: MatchHow;
  /** The dataset in the target release, when one was found. */
  target: DatasetDoc | null;
  /** How the target relates to the source, for a match by anything but the ID. */
  relation: Relation | null;
  /** The documentation fields that differ between the source and the target. */
  fields: DocField[];
  /** Several candidates: the ones to choose from. None: the nearest, new ones first. */
  candidates: Candidate[];
}

/** Candidates listed at most per dataset. */
export const MAX_CANDIDATES = 10;

/** Relations that may make a likely successor; another activity is too loose a tie. */
const SUCCESSOR_RELATIONS: readonly Relation[] = [
  'same activity, other product',
  'same activity and product, other geography',
];

function sameGeography(a: DatasetDoc, b: DatasetDoc, aGeo: string, bGeo: string): boolean {
  if (a.geography_spold_uuid && b.geography_spold_uuid)
    return a.geography_spold_uuid === b.geography_spold_uuid;
  return aGeo === bGeo;
}

/** The nearest datasets of the target for a dataset it lacks: new in the target first. */
function nearest(source: DatasetDoc, sourceIndex: ReleaseIndex, target: ReleaseIndex) {
  const names = sourceIndex.names(source);
  const found = new Map<number, Candidate>();
  const add = (doc: DatasetDoc, relation: Relation) => {
    if (!found.has(doc.id))
      found.set(doc.id, { doc, relation, newInTarget: !sourceIndex.has(doc.id) });
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
    if (
      other.activity !== names.activity &&
      sameGeography(source, doc, names.geography, other.geography)
    )
      add(doc, 'same product and geography, other activity');
  }
  return [...found.values()].sort(
    (a, b) =>
      Number(b.newInTarget) - Number(a.newInTarget) ||
      RELATIONS.indexOf(a.relation) - RELATIONS.indexOf(b.relation) ||
      a.doc.id - b.doc.id,
  );
}

const found = (
  source: DatasetDoc,
  target: DatasetDoc,
  how: MatchHow,
  relation: Relation | null,
): Match => ({
  how,
  target,
  relation,
  fields: docDiff(source, target),
  candidates: [],
});

/** Steps 1–3 for one dataset of the source release (step 4 needs the whole release). */
export function matchDataset(
  source: DatasetDoc,
  sourceIndex: ReleaseIndex,
  target: ReleaseIndex,
): Match {
  const same = target.byId.get(source.id);
  if (same) return found(source, same, 'same ID', null);
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
  for (const [relation, docs] of steps) {
    const [only, ...more] = docs;
    if (!only) continue;
    if (more.length === 0) return found(source, only, relation, relation);
    return {
      how: 'several candidates',
      target: null,
      relation: null,
      fields: [],
      candidates: docs
        .slice(0, MAX_CANDIDATES)
        .map((doc) => ({ doc, relation, newInTarget: true })),
    };
  }
  return {
    how: 'none',
    target: null,
    relation: null,
    fields: [],
    candidates: nearest(source, sourceIndex, target).slice(0, MAX_CANDIDATES),
  };
}

export interface ReleaseMatch {
  /** Every dataset of the source release, by its ID. */
  matches: Map<number, Match>;
  /** Datasets of the target that no dataset of the source became: new in the target. */
  unmatched: DatasetDoc[];
}

/**
 * Every dataset of one release matched in another. A likely successor (step 4) is a dataset new
 * in the target that is the only such candidate of exactly one source dataset and that no
 * dataset found by ID, UUIDs or names has taken.
 */
export function matchReleases(source: ReleaseIndex, target: ReleaseIndex): ReleaseMatch {
  const matches = new Map<number, Match>();
  const taken = new Set<number>();
  for (const doc of source.docs) {
    const match = matchDataset(doc, source, target);
    matches.set(doc.id, match);
    if (match.target) taken.add(match.target.id);
  }
  const wanted = new Map<number, { source: DatasetDoc; candidate: Candidate }[]>();
  for (const doc of source.docs) {
    const match = matches.get(doc.id);
    if (match?.how !== 'none') continue;
    // A kept activity with another product is the stronger tie: asked first.
    const only = SUCCESSOR_RELATIONS.map((relation) =>
      match.candidates.filter(
        (c) => c.newInTarget && !taken.has(c.doc.id) && c.relation === relation,
      ),
    ).find((successors) => successors.length > 0);
    if (only?.length !== 1 || !only[0]) continue;
    const [candidate] = only;
    wanted.set(candidate.doc.id, [
      ...(wanted.get(candidate.doc.id) ?? []),
      { source: doc, candidate },
    ]);
  }
  for (const [id, claims] of wanted) {
    const [claim, ...others] = claims;
    if (!claim || others.length > 0) continue;
    const match = matches.get(claim.source.id);
    matches.set(claim.source.id, {
      ...found(claim.source, claim.candidate.doc, 'likely successor', claim.candidate.relation),
      candidates: match?.candidates ?? [],
    });
    taken.add(id);
  }
  return { matches, unmatched: target.docs.filter((doc) => !taken.has(doc.id)) };
}
