/**
 * Field paths of a JSON answer, written as the adapter's errors write them
 * (`results[].products[].name`), for comparing what a service sent with what is documented.
 */

export interface FieldReport {
  /** Documented fields the answer did not have where it could have (an empty list shows none). */
  missing: string[];
  /** Fields the answer had that nothing documents. */
  extra: string[];
  /** Fields that were null at least once. */
  nulls: string[];
}

const join = (base: string, key: string) => (base === '' ? key : `${base}.${key}`);

/** Every path in `value`, with whether it was ever null; arrays seen empty are noted too. */
function walk(
  value: unknown,
  path: string,
  seen: Map<string, { null: boolean }>,
  emptyLists: Set<string>,
) {
  if (path !== '') {
    const entry = seen.get(path) ?? { null: false };
    if (value === null) entry.null = true;
    seen.set(path, entry);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) emptyLists.add(path);
    for (const item of value) walk(item, `${path}[]`, seen, emptyLists);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value))
      walk(child, join(path, key), seen, emptyLists);
  }
}

/**
 * Compares an answer with its documented paths. A documented path under a list that came
 * empty (or under a missing parent) cannot be seen, so it is not called missing.
 */
export function compareFields(body: unknown, documented: readonly string[]): FieldReport {
  const seen = new Map<string, { null: boolean }>();
  const emptyLists = new Set<string>();
  walk(body, '', seen, emptyLists);
  const known = new Set(documented);
  const parentOf = (path: string) => {
    const cut = Math.max(path.lastIndexOf('.'), path.endsWith('[]') ? path.length - 2 : -1);
    return cut <= 0 ? '' : path.slice(0, cut);
  };
  const visible = (path: string): boolean => {
    const parent = parentOf(path);
    if (parent === '') return true;
    if (emptyLists.has(parent) || !seen.has(parent)) return false;
    return visible(parent);
  };
  const missing = documented.filter((path) => !seen.has(path) && visible(path));
  const documentedPrefix = (path: string) =>
    documented.some((doc) => doc.startsWith(`${path}.`) || doc.startsWith(`${path}[]`));
  const extra = [...seen.keys()].filter(
    (path) =>
      !known.has(path) &&
      !documentedPrefix(path) &&
      // Report an unknown object once, not each of its fields.
      (parentOf(path) === '' || known.has(parentOf(path)) || documentedPrefix(parentOf(path))),
  );
  const nulls = [...seen].filter(([, entry]) => entry.null).map(([path]) => path);
  return { missing, extra: extra.sort(), nulls: nulls.sort() };
}

/** The dataset object's fields (upstream-api.md §7.1), under `prefix`. */
function datasetFields(prefix: string, scored: boolean): string[] {
  const fields = [
    'id',
    'activity',
    'product',
    'description',
    'geography',
    'unit',
    'time_period',
    'activity_type',
    'isic_section',
    'isic_class',
    'activity_spold_uuid',
    'geography_spold_uuid',
    'product_spold_uuid',
    'sectors',
    'sectors[]',
    'url',
    'url_history',
    'impact_scores',
    ...(scored
      ? ['id', 'score', 'unit', 'method', 'category', 'indicator'].map(
          (f) => `impact_scores[].${f}`,
        )
      : []),
  ];
  return fields.map((field) => (prefix === '' ? field : `${prefix}.${field}`));
}

/** What each probed route is documented (or assumed by the emulator contract) to send. */
export const DOCUMENTED = {
  versions: [
    'results',
    'results[]',
    'results[].version',
    'results[].system_models',
    'results[].system_models[]',
    'results[].release_date',
  ],
  indicators: [
    'total',
    'results',
    'results[]',
    ...['id', 'method', 'category', 'indicator', 'unit'].map((f) => `results[].${f}`),
  ],
  search: [
    'total',
    'results',
    'results[]',
    'results[].name',
    'results[].activity_type',
    'results[].products',
    'results[].products[]',
    'results[].products[].name',
    'results[].products[].unit',
    'results[].products[].datasets',
    'results[].products[].datasets[]',
    'results[].products[].datasets[].id',
    'results[].products[].datasets[].geography',
  ],
  dataset: datasetFields('', false),
  scored: datasetFields('', true),
  page: ['total', 'datasets', 'datasets[]', ...datasetFields('datasets[]', false)],
} as const;
