import type {
  Basis,
  CandidateRef,
  ChangeCandidate,
  DatasetRef,
  Link,
  SpoldRef,
} from '../../shared/api/schemas';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';
import type { Fate, Successor } from '../../shared/matching/decide';
import type { Candidate } from '../../shared/matching/match';

/** Datasets, candidates and links as the changes, upgrade-check and history answers name them. */

export const refOf = (doc: DatasetDoc): DatasetRef => ({
  id: doc.id,
  activity: doc.activity,
  product: doc.product,
  geography: doc.geography,
  unit: doc.unit,
});

/** With the ecoSpold UUIDs a mapping relinks by; the changes of a release leave them out. */
export const spoldRefOf = (doc: DatasetDoc): SpoldRef => ({
  ...refOf(doc),
  activity_spold_uuid: doc.activity_spold_uuid,
  product_spold_uuid: doc.product_spold_uuid,
});

export const candidateRef = (candidate: Candidate): CandidateRef => ({
  dataset: spoldRefOf(candidate.doc),
  relation: candidate.relation,
  geography: candidate.geography,
  new_in_target: candidate.newInTarget,
});

export const changeCandidate = (candidate: Candidate): ChangeCandidate => ({
  dataset: refOf(candidate.doc),
  relation: candidate.relation,
  geography: candidate.geography,
  new_in_target: candidate.newInTarget,
});

export const linkRef = (successor: Successor): Link => ({
  dataset: spoldRefOf(successor.doc),
  share: successor.share,
  fields: successor.fields,
});

export const basisOf = (fate: Pick<Fate, 'reports'>): Basis =>
  fate.reports.length > 0 ? 'change report' : 'documentation';
