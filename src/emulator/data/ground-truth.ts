import type { ChangeKind, DatasetRecord, GeneratedRelease } from './catalogue';
import { VERSIONS } from './catalogue';
import type { DataStore, ReleaseView } from './store';

/**
 * What the generator did to each dataset between two releases of one system model, as it
 * recorded it while generating: the ground truth that matching across releases is checked
 * against (never the matcher's own output).
 */

type TruthKind = ChangeKind | 'removed';

/** Documentation fields by their API names, compared record to record. */
const TRUTH_FIELDS = [
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
type TruthField = (typeof TRUTH_FIELDS)[number];

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
  /**
   * The share of the older dataset that went to the newer one where a split is on the way
   * (the product of the splits' allocations); null where none is.
   */
  share: number | null;
}

interface Link {
  from: number | null;
  to: number | null;
  kind: TruthKind;
  share: number | null;
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
function stepLinks(
  release: GeneratedRelease,
  extras: readonly (readonly [DatasetRecord, DatasetRecord | undefined])[],
): Link[] {
  const links: Link[] = [];
  const carried = new Set<number>();
  for (const record of release.datasets) {
    const kind = release.changes.get(record.id) ?? 'persisted';
    const from = kind === 'new' ? [] : (release.origins.get(record.id) ?? [record.id]);
    if (from.length === 0) links.push({ from: null, to: record.id, kind: 'new', share: null });
    const share = kind === 'split' ? (release.shares.get(record.id) ?? null) : null;
    for (const id of from) {
      carried.add(id);
      links.push({ from: id, to: record.id, kind, share });
    }
  }
  for (const id of release.retired)
    if (!carried.has(id)) links.push({ from: id, to: null, kind: 'removed', share: null });
  // apos's extra datasets are the same in every release, their geography renamed at most.
  for (const [record, before] of extras)
    links.push({
      from: record.id,
      to: record.id,
      kind:
        before && before.geography.display !== record.geography.display ? 'renamed' : 'persisted',
      share: null,
    });
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
  let ways: { from: number | null; to: number | null; steps: TruthKind[]; share: number | null }[] =
    [...starts.keys()].map((id) => ({ from: id, to: id, steps: [], share: null }));
  let previous = before;
  for (const version of VERSIONS.slice(start + 1, end + 1)) {
    const view = store.view(version, systemModel);
    if (!view) return undefined;
    const earlier = extrasOf(previous);
    const extras =
      systemModel === 'apos'
        ? extrasOf(view).map((record, i) => [record, earlier[i]] as const)
        : [];
    previous = view;
    const links = stepLinks(view.release, extras);
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
        extended.push({
          from: way.from,
          to: link.to,
          steps: [...way.steps, link.kind],
          share:
            way.share === null && link.share === null ? null : (way.share ?? 1) * (link.share ?? 1),
        });
    }
    for (const link of links)
      if (link.from === null)
        extended.push({ from: null, to: link.to, steps: ['new'], share: null });
    ways = extended;
  }

  // Only what this system model lists counts: a successor it lacks makes its source removed.
  const rows: TruthRow[] = [];
  const seen = new Map<string, TruthRow>();
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
      share: source && target ? way.share : null,
    };
    const key = `${row.from_id}>${row.to_id}`;
    const known = seen.get(key);
    // Two ways to the same dataset (split, then merged again): their shares add up.
    if (known) {
      if (known.share !== null && row.share !== null) known.share += row.share;
      continue;
    }
    seen.set(key, row);
    rows.push(row);
  }
  return rows;
}

/** The datasets only apos has: listed after the release's own datasets in its view. */
function extrasOf(view: ReleaseView): readonly DatasetRecord[] {
  return view.datasets.slice(view.release.datasets.length);
}
