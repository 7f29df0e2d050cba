import type { Basis, ChangeCandidate } from '../../shared/api/schemas';
import type { GeographyRelation } from '../../shared/geographies/tree';

/**
 * Words the changes, upgrade check and history share for where a verdict comes from, a split's
 * shares and a candidate's reason, so the three pages say the same thing the same way.
 */

/** "ecoinvent change report 3.11 → 3.12", or "inferred from documentation". */
export function basisText({ basis, reports }: { basis: Basis; reports: readonly string[] }) {
  return basis === 'change report' && reports.length > 0
    ? reports.join(' and ')
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
export function candidateReason(candidate: ChangeCandidate): string {
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
