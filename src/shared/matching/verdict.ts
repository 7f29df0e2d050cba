import type { DocField } from './dataset-doc';
import type { Match } from './match';

/** What an upgrade check says of one dataset of the source release. */
export const VERDICTS = [
  'unchanged',
  'documentation changed',
  'new ID',
  'several candidates',
  'gone',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * The verdict for a match. A likely successor in another geography stays `gone`, its candidate
 * first: matched on documentation alone it is right about half the time (a dataset removed
 * while another of its activity is added elsewhere looks just the same), and taking it would
 * silently move a model to another geography. A kept activity with a renamed product is a new ID.
 */
export function verdictOf(match: Match): Verdict {
  switch (match.how) {
    case 'same ID':
      return match.fields.length === 0 ? 'unchanged' : 'documentation changed';
    case 'same UUIDs':
    case 'same names':
      return 'new ID';
    case 'likely successor':
      return match.relation === 'same activity, other product' ? 'new ID' : 'gone';
    case 'several candidates':
      return 'several candidates';
    case 'none':
      return 'gone';
  }
}

/** How a release changed a dataset, as the release's list of changes groups them. */
export const RELEASE_CHANGES = [
  'new',
  'removed',
  'renamed',
  'moved',
  're-identified',
  'documentation changed',
] as const;
export type ReleaseChange = (typeof RELEASE_CHANGES)[number];

const has = (fields: readonly DocField[], ...wanted: DocField[]) =>
  wanted.some((field) => fields.includes(field));

/**
 * The change a match stands for, or null when nothing changed. A new geography is a move and a
 * new activity or product name a rename, whether or not the ID was kept; a new ID with the same
 * names is a re-identification.
 */
export function changeOf(match: Match): Exclude<ReleaseChange, 'new'> | null {
  if (!match.target) return 'removed';
  if (has(match.fields, 'geography')) return 'moved';
  if (has(match.fields, 'activity', 'product')) return 'renamed';
  if (match.how !== 'same ID') return 're-identified';
  return match.fields.length > 0 ? 'documentation changed' : null;
}
