import type { DatasetDoc, DocField } from './dataset-doc';
import type { Fate, Successor } from './decide';

/** How a release changed a dataset, as the release's list of changes groups them. */
export const RELEASE_CHANGES = [
  'new',
  'removed',
  'no certain successor',
  'split',
  'merged',
  'moved',
  'renamed',
  're-identified',
  'documentation changed',
] as const;
export type ReleaseChange = (typeof RELEASE_CHANGES)[number];

const has = (fields: readonly DocField[], ...wanted: DocField[]) =>
  wanted.some((field) => fields.includes(field));

/** A geography whose name changed while it stayed the same place (same Spold UUID). */
const renamedPlace = (source: DatasetDoc, target: DatasetDoc) =>
  source.geography_spold_uuid !== null &&
  source.geography_spold_uuid === target.geography_spold_uuid;

/**
 * The change one way of a dataset stands for, from its verdict: a split or merge as such; else
 * another geography is a move (a geography renamed in place is a rename), another activity or
 * product name a rename, a new ID alone a re-identification; null when nothing changed.
 */
export function changeOf(
  fate: Fate,
  successor: Successor | undefined,
): Exclude<ReleaseChange, 'new'> | null {
  switch (fate.verdict) {
    case 'unchanged':
      return null;
    case 'removed':
    case 'no certain successor':
    case 'split':
    case 'merged':
      return fate.verdict;
    case 'documentation changed':
    case 'new ID': {
      if (!successor) return null;
      const { fields, doc } = successor;
      if (has(fields, 'geography')) return renamedPlace(fate.source, doc) ? 'renamed' : 'moved';
      if (has(fields, 'activity', 'product')) return 'renamed';
      return fate.verdict === 'new ID' ? 're-identified' : 'documentation changed';
    }
  }
}
