import type { ActivityType } from './facts/activities';
import type { FamilyRule } from './facts/magnitudes';
import { isic } from './edits';
import { geography, type Geography } from './geographies';
import { uniform, uuidV5 } from './hash';
import type { Template } from './templates';

/** One dataset of one release; system models share these records. */
export interface DatasetRecord {
  id: number;
  activity: string;
  product: string;
  unit: string;
  type: ActivityType;
  geography: Geography;
  activityUuid: string;
  productUuid: string;
  sectors: readonly string[];
  isicClass: string;
  isicSection: string;
  timePeriod: string;
  description: string;
  family: FamilyRule;
  /** Stable across releases for the same dataset: its scores' seed. */
  scoreKey: string;
  /** Multiplier on the dataset's scores accumulated over releases (drift and updates). */
  drift: number;
  /**
   * What the system models' lists are drawn from, so a dataset split or merged in a release is
   * in the same system models as the one it came from; the score key where unset.
   */
  lineageKey?: string;
  template: Template;
}

/** What happened to a dataset on its way into a release, for the history and the tests. */
export type ChangeKind =
  | 'new'
  | 'persisted'
  | 'updated'
  | 'renamed'
  | 'product-renamed'
  | 'moved'
  | 'split'
  | 'merged'
  | 're-identified';

export interface GeneratedRelease {
  version: string;
  datasets: DatasetRecord[];
  changes: Map<number, ChangeKind>;
  /** IDs of the release before that this one no longer has. */
  retired: number[];
  /**
   * Where a dataset whose ID is new comes from: the IDs it replaces in the release before
   * (moved, product-renamed, merged, re-identified, and split targets, whose source keeps its ID
   * when it stays as the remainder).
   */
  origins: Map<number, number[]>;
  /**
   * A split's allocation: the share of its source each dataset it was split into takes (the
   * source itself, when it stays as the remainder, included); they add up to 1 per source.
   */
  shares: Map<number, number>;
}

/** Dataset counts of the cutoff releases at full scale (demo-data-facts.md §10.2). */
export const CUTOFF_DATASETS: Record<string, number> = {
  '3.10': 19_000,
  '3.11': 20_600,
  '3.12': 21_800,
};
export const VERSIONS = ['3.10', '3.11', '3.12'] as const;
const END_YEAR: Record<string, number> = { '3.10': 2023, '3.11': 2024, '3.12': 2025 };

/** Real IDs seen in the live API for Mexico's electricity markets (upstream-api.md §10.2). */
export const PINNED_IDS: Record<string, number> = {
  'market for electricity, high voltage|MX': 2989,
  'market for electricity, medium voltage|MX': 7773,
  'market for electricity, low voltage|MX': 8279,
};

/**
 * Geographies ecoinvent renamed, keeping their code and UUID (Turkey became Türkiye in its
 * master data): the release that renamed each, and its name before. A dataset there keeps its
 * ID; only its geography's name changes.
 */
const GEOGRAPHY_RENAMES: readonly { code: string; before: string; in: string }[] = [
  { code: 'TR', before: 'Turkey', in: '3.11' },
];

/** A geography as a release names it. */
export function placeIn(code: string, version: string): Geography {
  const current = geography(code);
  const at = VERSIONS.findIndex((known) => known === version);
  const renamed = GEOGRAPHY_RENAMES.find(
    (rename) => rename.code === code && at < VERSIONS.findIndex((known) => known === rename.in),
  );
  if (!renamed) return current;
  return { ...current, name: renamed.before, display: `${renamed.before} (${code})` };
}

function describe(t: Template, where: Geography, version: string): string {
  const place =
    where.code === 'RoW'
      ? 'the rest of the world'
      : where.code === 'GLO'
        ? 'the world'
        : where.name;
  const body =
    t.type === 'market activity'
      ? `Supply mix of ${t.product} in ${place}, combining domestic production and imports, including transport to the consumer and losses.`
      : t.type === 'market group'
        ? `Aggregates the markets for ${t.product} within ${place}, weighted by production volume.`
        : `${t.activity[0]?.toUpperCase() ?? ''}${t.activity.slice(1)} in ${place}. The activity starts with the inputs arriving at the plant and ends with ${t.product} ready at the plant gate. Reference unit: 1 ${t.unit}.`;
  return `${body} Documentation generated for release ${version}. Demo data.`;
}

/** The description of a record as it stands, names and unit included. */
export function describeRecord(record: DatasetRecord, version: string): string {
  const { activity, product, unit } = record;
  return describe({ ...record.template, activity, product, unit }, record.geography, version);
}

export function timePeriod(seed: string, version: string): string {
  const end = END_YEAR[version] ?? 2025;
  const start = Math.max(1995, end - Math.floor(uniform(`${seed}|period`) ** 2 * 28) - 1);
  return `${start}-${end}`;
}

export class IdAllocator {
  private next = 1;
  private readonly taken = new Set(Object.values(PINNED_IDS));
  allocate(): number {
    // About 3 % holes, as datasets retired before 3.10 left them.
    while (this.taken.has(this.next) || uniform(`dataset-gap|${this.next}`) < 0.03) this.next++;
    this.taken.add(this.next);
    return this.next++;
  }
}

export function makeRecord(
  t: Template,
  code: string,
  version: string,
  id: number,
  salt = '',
): DatasetRecord {
  const where = placeIn(code, version);
  const activityUuid = uuidV5(`activity|${t.activity}|${code}${salt}`);
  const productUuid = uuidV5(`product|${t.product}`);
  return {
    id,
    activity: t.activity,
    product: t.product,
    unit: t.unit,
    type: t.type,
    geography: where,
    activityUuid,
    productUuid,
    sectors: t.sectors,
    ...isic(t.isicClass),
    timePeriod: timePeriod(activityUuid, version),
    description: describe(t, where, version),
    family: t.family,
    scoreKey: `${activityUuid}|${productUuid}`,
    drift: 1,
    template: t,
  };
}

export function isElectricityMarket(record: DatasetRecord): boolean {
  return (
    record.type !== 'ordinary transforming activity' &&
    /^electricity, (high|medium|low) voltage$/.test(record.product)
  );
}
