import type { GeographyRelation } from '../geographies/tree';
import type { DocField } from './dataset-doc';
import type { Fate, Successor } from './decide';
import { changeOf, RELEASE_CHANGES } from './verdict';

/**
 * The one vocabulary for what became of a dataset between two releases: What changed, the
 * upgrade check, a dataset's history, the command line and every export (CSV, XLSX, JSON,
 * migration datapackage) say the same event with the same word, and where it comes from in the
 * same sentence. "Unchanged" is only ever "documentation unchanged": releases are compared by
 * documentation, and a dataset whose documentation holds may still score differently.
 */

/** Every change a dataset can go through, one word each, in the order lists group them. */
export const CHANGE_KINDS = ['documentation unchanged', ...RELEASE_CHANGES] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What the upgrade check may say of a line of a list: a change, or why it names none. */
export const ENTRY_CHANGES = [
  ...CHANGE_KINDS.filter((kind) => kind !== 'new'),
  'not in source',
  'several in source',
] as const;
export type EntryChange = (typeof ENTRY_CHANGES)[number];

/** Lines of a list a mapping writes though they were not checked. */
export const UNCHECKED_LINES = ['unreadable', 'repeated'] as const;

/** What each change means, in a sentence a reader can check. */
export const CHANGE_MEANINGS: Record<
  EntryChange | 'new' | (typeof UNCHECKED_LINES)[number],
  string
> = {
  'documentation unchanged':
    'Same Dataset ID and the same documentation. Only documentation is compared: its scores may still differ.',
  'documentation changed': 'Same Dataset ID; some of its documentation differs.',
  moved: 'It went to another geography.',
  renamed: 'Its activity, product or geography was renamed.',
  're-identified': 'The same activity, product and geography under a new Dataset ID.',
  split: 'It became several datasets, each taking a share of it.',
  merged: 'It and others became one dataset.',
  'no certain successor': 'Nothing is named for certain as what it became; candidates are ranked.',
  removed: 'Nothing in the newer release is near it.',
  new: 'Not in the older release.',
  'not in source': 'Nothing in the release the list comes from matches the line.',
  'several in source': 'The line names several datasets of the release it comes from.',
  unreadable: 'The line could not be read as a dataset; it was not checked.',
  repeated: 'The line names a dataset an earlier line named; it was checked once.',
};

/** The change one dataset's fate stands for, told of the successor shown (a split's own or largest). */
export function changeKindOf(
  fate: Fate,
  successor: Successor | undefined,
): Exclude<ChangeKind, 'new'> {
  if (fate.verdict === 'unchanged') return 'documentation unchanged';
  return changeOf(fate, successor) ?? 'documentation unchanged';
}

/** Whether a change gives the dataset another Dataset ID, as far as it says. */
export const keepsId = (sourceId: number, targetId: number | null | undefined) =>
  targetId !== null && targetId !== undefined && targetId === sourceId;

/** A change report step as the answers list them: its label and whether the proxy has it. */
interface Step {
  label: string;
  loaded: boolean;
}

/**
 * Where a verdict comes from, in the words every page and export use: the change reports that
 * named the successor ("ecoinvent change report 3.11 → 3.12"), "inferred from documentation",
 * and for a dataset without a successor what said so (the loaded reports leave it out).
 */
export function sourceOfVerdict(
  verdict: { basis: 'change report' | 'documentation'; reports: readonly string[] },
  without?: { change: EntryChange | 'new'; steps: readonly Step[] },
): string {
  if (without) {
    if (without.change === 'not in source' || without.change === 'several in source') return '';
    if (without.change === 'no certain successor' || without.change === 'removed') {
      const loaded = without.steps.filter((step) => step.loaded).map((step) => step.label);
      const found =
        without.change === 'no certain successor'
          ? 'candidates inferred from documentation'
          : 'inferred from documentation';
      return loaded.length > 0 ? `Not named by ${loaded.join(' or ')}; ${found}` : found;
    }
  }
  return verdict.basis === 'change report' && verdict.reports.length > 0
    ? verdict.reports.join(' and ')
    : 'inferred from documentation';
}

const shareFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const smallShareFormat = new Intl.NumberFormat('en', { maximumSignificantDigits: 3 });

/**
 * A split's share in per cent as the pages show it and the exports write it: two decimals, or
 * three significant digits below 0.01 % (the reports have shares of a millionth).
 */
export function sharePercent(share: number): string {
  const percent = share * 100;
  return (percent >= 0.01 ? shareFormat : smallShareFormat).format(percent).replace(/,/g, '');
}

export const shareText = (share: number | null) =>
  share === null ? '' : `${sharePercent(share)} %`;

const GEOGRAPHY_WORDS: Record<GeographyRelation, string> = {
  same: 'same geography',
  within: 'a broader geography',
  world: 'RoW ↔ GLO',
  rest: 'into a rest-of geography',
  neighbour: 'a neighbouring geography',
  'carved out': 'carved out of it',
  other: 'an unrelated geography',
};

/** Why a candidate is offered: what matches, and how its geography relates. */
export function candidateReason(candidate: {
  relation: string;
  geography: GeographyRelation;
  new_in_target: boolean;
}): string {
  const parts: string[] = [candidate.relation];
  if (candidate.relation !== 'possible split' && candidate.geography !== 'same')
    parts.push(GEOGRAPHY_WORDS[candidate.geography]);
  if (candidate.new_in_target) parts.push('new');
  return parts.join(', ');
}

/** `activityUUID_productUUID.spold`, the dataset's ecoSpold file name, when both are known. */
export function spoldFile(ref: {
  activity_spold_uuid: string | null;
  product_spold_uuid: string | null;
}): string {
  return ref.activity_spold_uuid && ref.product_spold_uuid
    ? `${ref.activity_spold_uuid}_${ref.product_spold_uuid}.spold`
    : '';
}

/** The documentation fields compared across releases, as pages and exports label them. */
export const DOC_FIELD_LABELS: Record<DocField, string> = {
  activity: 'Activity',
  product: 'Reference product',
  unit: 'Unit',
  geography: 'Geography',
  time_period: 'Time period',
  activity_type: 'Activity type',
  isic_class: 'ISIC class',
  isic_section: 'ISIC section',
  sectors: 'Sectors',
  description: 'Description',
};

/** Changed fields as a reader names them: "Activity, time period, ISIC class". */
export function describeFields(fields: readonly DocField[]): string {
  return fields
    .map((field, i) => {
      const label = DOC_FIELD_LABELS[field];
      // Lower case after the first, but never an acronym's capitals.
      return i === 0 ? label : label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
    })
    .join(', ');
}
