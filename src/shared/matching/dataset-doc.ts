/**
 * What matching across releases knows of a dataset: its identifiers and documentation, without
 * scores, with the description kept as a hash (releases are compared; the text itself is read
 * from the dataset when someone looks). Field names are the API's.
 */
export interface DatasetDoc {
  id: number;
  activity: string | null;
  product: string | null;
  unit: string | null;
  geography: string | null;
  time_period: string | null;
  activity_type: string | null;
  isic_class: string | null;
  isic_section: string | null;
  sectors: readonly string[];
  description_hash: number | null;
  activity_spold_uuid: string | null;
  product_spold_uuid: string | null;
  geography_spold_uuid: string | null;
}

/** The documentation fields compared between releases, in the order they are shown. */
export const DOC_FIELDS = [
  'activity',
  'product',
  'unit',
  'geography',
  'time_period',
  'activity_type',
  'isic_class',
  'isic_section',
  'sectors',
  'description',
] as const;
export type DocField = (typeof DOC_FIELDS)[number];

/** cyrb53 (public domain): a 53-bit hash, enough to tell two descriptions apart. */
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The same text, once: names repeat across thousands of datasets of a release. */
export type Intern = (text: string) => string;
const asIs: Intern = (text) => text;

/** Strings shared between documents, so a release of 20 000 keeps each name once. */
export function createIntern(): Intern {
  const known = new Map<string, string>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined) return found;
    known.set(text, text);
    return text;
  };
}

/**
 * What matching reads of a dataset, declared here so matching depends on no API module: any
 * dataset the proxy's API or the data service describes fits it. A field left out is unknown.
 */
type DocumentedFields =
  | 'activity'
  | 'product'
  | 'description'
  | 'unit'
  | 'geography'
  | 'time_period'
  | 'activity_type'
  | 'isic_class'
  | 'isic_section'
  | 'activity_spold_uuid'
  | 'product_spold_uuid'
  | 'geography_spold_uuid';
type DocumentedDataset = { id: number; sectors?: readonly string[] } & {
  [field in DocumentedFields]?: string | null;
};

/** A dataset's document as matching keeps it; a field the service left out is null. */
export function toDoc(dataset: DocumentedDataset, intern: Intern = asIs): DatasetDoc {
  const text = (value: string | null | undefined) =>
    value === null || value === undefined ? null : intern(value);
  const uuid = (value: string | null | undefined) =>
    value === null || value === undefined ? null : intern(value.toLowerCase());
  return {
    id: dataset.id,
    activity: text(dataset.activity),
    product: text(dataset.product),
    unit: text(dataset.unit),
    geography: text(dataset.geography),
    time_period: text(dataset.time_period),
    activity_type: text(dataset.activity_type),
    isic_class: text(dataset.isic_class),
    isic_section: text(dataset.isic_section),
    sectors: (dataset.sectors ?? []).map(intern),
    description_hash:
      dataset.description === null || dataset.description === undefined
        ? null
        : textHash(dataset.description),
    activity_spold_uuid: uuid(dataset.activity_spold_uuid),
    product_spold_uuid: uuid(dataset.product_spold_uuid),
    geography_spold_uuid: uuid(dataset.geography_spold_uuid),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** The documentation fields in which two releases' documents of a dataset differ. */
export function docDiff(before: DatasetDoc, after: DatasetDoc): DocField[] {
  const differs: Record<DocField, boolean> = {
    activity: before.activity !== after.activity,
    product: before.product !== after.product,
    unit: before.unit !== after.unit,
    geography: before.geography !== after.geography,
    time_period: before.time_period !== after.time_period,
    activity_type: before.activity_type !== after.activity_type,
    isic_class: before.isic_class !== after.isic_class,
    isic_section: before.isic_section !== after.isic_section,
    sectors: !sameSet(before.sectors, after.sectors),
    description: before.description_hash !== after.description_hash,
  };
  let mask = 0;
  DOC_FIELDS.forEach((field, i) => {
    if (differs[field]) mask |= 1 << i;
  });
  // One list per combination, shared by every dataset with it (a release has tens of thousands
  // of these and only a few dozen kinds): never changed by whoever gets it.
  let fields = DIFFS.get(mask);
  if (!fields) {
    fields = DOC_FIELDS.filter((_, i) => (mask & (1 << i)) !== 0);
    DIFFS.set(mask, fields);
  }
  return fields;
}

const DIFFS = new Map<number, DocField[]>();
