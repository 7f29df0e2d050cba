import type { ChangeKind, DatasetRecord, Release } from './catalogue';
import { VERSIONS } from './catalogue';
import type { DataStore, ReleaseView } from './store';

/**
 * What the generator did to each dataset between two releases of one system model, as it
 * recorded it while generating: the ground truth that matching across releases is checked
 * against (never the matcher's own output).
 */

export type TruthKind = ChangeKind | 'removed';

/** Documentation fields by their API names, compared record to record. */
export const TRUTH_FIELDS = [
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
export type TruthField = (typeof TRUTH_FIELDS)[number];

export interface TruthRow {
  /** The dataset in the older release; null for a new one. */
  from_id: number | null;
  /** The dataset in the newer release; null for a removed one. */
  to_id: number | null;
  /** The change that best describes the whole way (see `PRECEDENCE`). */
  kind: TruthKind;
  /** What happened in each release on the way. */
  steps: TruthKind[];
  /** The documentation fields that differ between the two records. */
  fields: TruthField[];
}

interface Link {
  from: number | null;
  to: number | null;
  kind: TruthKind;
}

/** The kind named for a way through several releases: the one that changed most. */
const PRECEDENCE: readonly TruthKind[] = [
  'removed',
  'new',
  'merged',
  'split',
  'moved',
  'product-renamed',
  're-identified',
  'renamed',
  'updated',
  'persisted',
];

/** One release's links from the release before: every dataset of either side at least once. */
function stepLinks(release: Release, extras: readonly DatasetRecord[]): Link[] {
  const links: Link[] = [];
  const carried = new Set<number>();
  for (const record of release.datasets) {
    const kind = release.changes.get(record.id) ?? 'persisted';
    const from = kind === 'new' ? [] : (release.origins.get(record.id) ?? [record.id]);
    if (from.length === 0) links.push({ from: null, to: record.id, kind: 'new' });
    for (const id of from) {
      carried.add(id);
      links.push({ from: id, to: record.id, kind });
    }
  }
  for (const id of release.retired)
    if (!carried.has(id)) links.push({ from: id, to: null, kind: 'removed' });
  // apos's extra datasets are the same in every release.
  for (const record of extras) links.push({ from: record.id, to: record.id, kind: 'persisted' });
  return links;
}

function fieldsOf(before: DatasetRecord, after: DatasetRecord): TruthField[] {
  const same: Record<TruthField, boolean> = {
    activity: before.activity === after.activity,
    product: before.product === after.product,
    unit: before.unit === after.unit,
    geography: before.geography.display === after.geography.display,
    time_period: before.timePeriod === after.timePeriod,
    activity_type: before.type === after.type,
    isic_class: before.isicClass === after.isicClass,
    isic_section: before.isicSection === after.isicSection,
    sectors:
      before.sectors.length === after.sectors.length &&
      before.sectors.every((sector) => after.sectors.includes(sector)),
    description: before.description === after.description,
  };
  return TRUTH_FIELDS.filter((field) => !same[field]);
}

/**
 * Every dataset of release `from` and of release `to` (newer) in one system model, with its ID
 * on both sides and what happened to it; undefined when either release or the order is wrong.
 */
export function groundTruth(
  store: DataStore,
  from: string,
  to: string,
  systemModel: string,
): TruthRow[] | undefined {
  const start = VERSIONS.findIndex((version) => version === from);
  const end = VERSIONS.findIndex((version) => version === to);
  const before = store.view(from, systemModel);
  const after = store.view(to, systemModel);
  if (start < 0 || end <= start || !before || !after) return undefined;

  // Ways from each dataset of `from`, extended one release at a time; from every dataset of
  // the release, since a consequential dataset may descend from one consequential lacks.
  const starts = new Map<number, DatasetRecord>();
  for (const record of [...before.release.datasets, ...before.datasets])
    starts.set(record.id, record);
  let ways: { from: number | null; to: number | null; steps: TruthKind[] }[] = [
    ...starts.keys(),
  ].map((id) => ({ from: id, to: id, steps: [] }));
  for (const version of VERSIONS.slice(start + 1, end + 1)) {
    const view = store.view(version, systemModel);
    if (!view) return undefined;
    const links = stepLinks(view.release, systemModel === 'apos' ? extrasOf(view) : []);
    const next = new Map<number, Link[]>();
    for (const link of links) {
      if (link.from === null) continue;
      next.set(link.from, [...(next.get(link.from) ?? []), link]);
    }
    const extended: typeof ways = [];
    for (const way of ways) {
      if (way.to === null) {
        extended.push(way);
        continue;
      }
      for (const link of next.get(way.to) ?? [])
        extended.push({ from: way.from, to: link.to, steps: [...way.steps, link.kind] });
    }
    for (const link of links)
      if (link.from === null) extended.push({ from: null, to: link.to, steps: ['new'] });
    ways = extended;
  }

  // Only what this system model lists counts: a successor it lacks makes its source removed.
  const rows: TruthRow[] = [];
  const seen = new Set<string>();
  for (const way of ways) {
    const source = way.from === null ? undefined : before.byId.get(way.from);
    const target = way.to === null ? undefined : after.byId.get(way.to);
    if (!source && !target) continue;
    const steps = way.steps;
    const kind: TruthKind = !source
      ? 'new'
      : !target
        ? 'removed'
        : (PRECEDENCE.find((candidate) => steps.includes(candidate)) ?? 'persisted');
    const row: TruthRow = {
      from_id: source?.id ?? null,
      to_id: target?.id ?? null,
      kind,
      steps,
      fields: source && target ? fieldsOf(source, target) : [],
    };
    const key = `${row.from_id}>${row.to_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  return rows;
}

/** The datasets only apos has: listed after the release's own datasets in its view. */
function extrasOf(view: ReleaseView): readonly DatasetRecord[] {
  return view.datasets.slice(view.release.datasets.length);
}
