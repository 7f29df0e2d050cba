import type { DocField } from '../../shared/matching/dataset-doc';

/** The documentation fields compared across releases, as the pages label them. */
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
