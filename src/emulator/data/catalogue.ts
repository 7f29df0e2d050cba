import type { ActivityType } from './facts/activities';
import type { FamilyRule } from './facts/magnitudes';
import { documentationEdits, EDIT_RATES, isic, renamedActivity, renamedProduct } from './edits';
import { geography, type Geography } from './geographies';
import { normal, pick, uniform, uuidV5 } from './hash';
import { buildTemplates, type Template } from './templates';

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

export interface Release {
  version: string;
  datasets: DatasetRecord[];
  changes: Map<number, ChangeKind>;
  /** IDs of the release before that this one no longer has. */
  retired: number[];
  /**
   * Where a dataset whose ID is new comes from: the IDs it replaces in the release before
   * (moved, product-renamed, merged, re-identified, and split targets, whose source keeps its ID).
   */
  origins: Map<number, number[]>;
}

export interface Catalogue {
  releases: Map<string, Release>;
  /** Extra datasets only the apos system model has, per release. */
  aposExtras: Map<string, DatasetRecord[]>;
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
const PINNED_IDS: Record<string, number> = {
  'market for electricity, high voltage|MX': 2989,
  'market for electricity, medium voltage|MX': 7773,
  'market for electricity, low voltage|MX': 8279,
};

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
function describeRecord(record: DatasetRecord, version: string): string {
  const { activity, product, unit } = record;
  return describe({ ...record.template, activity, product, unit }, record.geography, version);
}

function timePeriod(seed: string, version: string): string {
  const end = END_YEAR[version] ?? 2025;
  const start = Math.max(1995, end - Math.floor(uniform(`${seed}|period`) ** 2 * 28) - 1);
  return `${start}-${end}`;
}

class IdAllocator {
  private next = 1;
  private readonly taken = new Set(Object.values(PINNED_IDS));
  allocate(): number {
    // About 3 % holes, as datasets retired before 3.10 left them.
    while (this.taken.has(this.next) || uniform(`dataset-gap|${this.next}`) < 0.03) this.next++;
    this.taken.add(this.next);
    return this.next++;
  }
}

function makeRecord(
  t: Template,
  code: string,
  version: string,
  id: number,
  salt = '',
): DatasetRecord {
  const where = geography(code);
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

interface Candidate {
  template: Template;
  code: string;
  rank: number;
}

/** Every (template, geography) ordered by how early a database would have it. */
function rankedCandidates(templates: readonly Template[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const t of templates) {
    t.geographies.forEach((code, position) => {
      const seen = t.curated && position < 3 ? -2 : 0;
      candidates.push({
        template: t,
        code,
        rank: seen + position / t.density + uniform(`rank|${t.activity}|${code}`),
      });
    });
  }
  return candidates.sort((a, b) => a.rank - b.rank);
}

function fanOut(seed: string): number {
  const u = uniform(seed);
  if (u < 0.45) return 2;
  if (u < 0.65) return 3;
  if (u < 0.76) return 4;
  if (u < 0.9) return 5 + pick(`${seed}|n`, 4);
  return 10 + pick(`${seed}|n`, 3);
}

/**
 * Builds every release: 3.10 from the ranked candidates, then each later release from the one
 * before with the real rates of change (demo-data-facts.md §10.3).
 */
export function buildCatalogue(scale: number): Catalogue {
  const templates = buildTemplates();
  const candidates = rankedCandidates(templates);
  const ids = new IdAllocator();
  const sizeOf = (version: string) =>
    Math.max(50, Math.round((CUTOFF_DATASETS[version] ?? 19_000) * scale));
  const baselineSize = sizeOf(VERSIONS[0]);
  const used = new Set<string>();
  const useKey = (t: Template, code: string) => `${t.activity}|${t.product}|${code}`;
  let cursor = 0;
  const takeCandidate = (): Candidate | undefined => {
    while (cursor < candidates.length) {
      const candidate = candidates[cursor++];
      if (candidate && !used.has(useKey(candidate.template, candidate.code))) {
        used.add(useKey(candidate.template, candidate.code));
        return candidate;
      }
    }
    return undefined;
  };

  const first = VERSIONS[0];
  const baseline: DatasetRecord[] = [];
  const pinnedWaiting: DatasetRecord[] = [];
  for (let i = 0; i < baselineSize; i++) {
    const candidate = takeCandidate();
    if (!candidate) break;
    const pinned = PINNED_IDS[`${candidate.template.activity}|${candidate.code}`];
    const record = makeRecord(candidate.template, candidate.code, first, pinned ?? 0);
    (pinned ? pinnedWaiting : baseline).push(record);
  }
  // IDs are handed out in a shuffled order, so they look unordered as real ones do.
  const order = new Map(baseline.map((record) => [record, uniform(`id-order|${record.scoreKey}`)]));
  baseline.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  for (const record of baseline) record.id = ids.allocate();
  baseline.push(...pinnedWaiting);

  const releases = new Map<string, Release>();
  releases.set(first, {
    version: first,
    datasets: baseline,
    changes: new Map(baseline.map((r) => [r.id, 'new' as const])),
    retired: [],
    origins: new Map(),
  });
  const sectorPool = [...new Set(templates.flatMap((t) => t.sectors))].sort();

  let previous = baseline;
  for (const version of VERSIONS.slice(1)) {
    const next: DatasetRecord[] = [];
    const changes = new Map<number, ChangeKind>();
    const retired: number[] = [];
    const origins = new Map<number, number[]>();
    const byTemplate = new Map<Template, DatasetRecord[]>();
    for (const record of previous)
      byTemplate.set(record.template, [...(byTemplate.get(record.template) ?? []), record]);
    const freeGeography = (t: Template) => t.geographies.find((code) => !used.has(useKey(t, code)));
    const mergedAway = new Set<DatasetRecord>();

    for (const record of previous) {
      if (mergedAway.has(record)) continue;
      const seed = `event|${version}|${record.scoreKey}`;
      const u = uniform(seed);
      const electricityMarket = isElectricityMarket(record);
      if (u < 0.007 && !PINNED_IDS[`${record.activity}|${record.geography.code}`]) {
        retired.push(record.id);
        continue;
      }
      if (u < 0.009) {
        const partner = (byTemplate.get(record.template) ?? []).find(
          (other) => other !== record && !mergedAway.has(other),
        );
        if (partner && !PINNED_IDS[`${record.activity}|${record.geography.code}`]) {
          mergedAway.add(partner);
          retired.push(record.id, partner.id);
          const merged = makeRecord(
            record.template,
            record.geography.code,
            version,
            ids.allocate(),
            `|merged|${version}`,
          );
          next.push(merged);
          changes.set(merged.id, 'merged');
          origins.set(merged.id, [record.id, partner.id]);
          continue;
        }
      }
      if (u < 0.015) {
        const code = freeGeography(record.template);
        if (code && !PINNED_IDS[`${record.activity}|${record.geography.code}`]) {
          used.add(useKey(record.template, code));
          retired.push(record.id);
          const moved = {
            ...makeRecord(record.template, code, version, ids.allocate()),
            scoreKey: record.scoreKey,
            drift: record.drift,
          };
          next.push(moved);
          changes.set(moved.id, 'moved');
          origins.set(moved.id, [record.id]);
          continue;
        }
      }
      if (u < 0.018 && !electricityMarket) {
        const product = renamedProduct(record.product);
        retired.push(record.id);
        const renamed: DatasetRecord = {
          ...record,
          id: ids.allocate(),
          product,
          productUuid: uuidV5(`product|${product}`),
          description: describeRecord({ ...record, product }, version),
        };
        next.push(renamed);
        changes.set(renamed.id, 'product-renamed');
        origins.set(renamed.id, [record.id]);
        continue;
      }
      if (u < 0.03) {
        const activity = renamedActivity(record.activity);
        if (activity) {
          next.push({
            ...record,
            activity,
            description: describeRecord({ ...record, activity }, version),
          });
          changes.set(record.id, 'renamed');
          continue;
        }
      }
      if (u < 0.038) {
        next.push(record);
        changes.set(record.id, 'split');
        const targets = fanOut(`${seed}|fan`) - 1;
        for (let i = 0; i < targets; i++) {
          const code = freeGeography(record.template);
          if (!code) break;
          used.add(useKey(record.template, code));
          const target = {
            ...makeRecord(record.template, code, version, ids.allocate()),
            scoreKey: `${record.scoreKey}|split|${code}`,
          };
          next.push(target);
          changes.set(target.id, 'split');
          origins.set(target.id, [record.id]);
        }
        continue;
      }
      // Electricity markets are updated every release, all voltages of a geography alike.
      const updated = electricityMarket || uniform(`${seed}|updated`) < 0.19;
      const drift = updated
        ? electricityMarket
          ? 0.85 + uniform(`trend|${version}|${record.geography.code}`) * 0.17
          : Math.exp(0.25 * normal(`${seed}|update`))
        : 1 + 0.02 * normal(`${seed}|drift`);
      // Electricity markets are the demo's landmarks: their documentation stays put.
      const edit = electricityMarket ? {} : documentationEdits(seed, record, sectorPool);
      const kept: DatasetRecord = {
        ...record,
        ...(edit.isicClass && edit.isicSection
          ? { isicClass: edit.isicClass, isicSection: edit.isicSection }
          : {}),
        ...(edit.sectors ? { sectors: edit.sectors } : {}),
        ...(edit.unit ? { unit: edit.unit } : {}),
        drift: record.drift * drift,
        timePeriod: updated
          ? timePeriod(`${record.activityUuid}|${version}`, version)
          : record.timePeriod,
      };
      if (updated || edit.description) kept.description = describeRecord(kept, version);
      // Rarely a dataset gets a new ID while its activity, product and geography stay the same.
      if (
        !electricityMarket &&
        !PINNED_IDS[`${record.activity}|${record.geography.code}`] &&
        uniform(`${seed}|reidentified`) < EDIT_RATES.reidentified
      ) {
        const successor = { ...kept, id: ids.allocate() };
        retired.push(record.id);
        next.push(successor);
        changes.set(successor.id, 're-identified');
        origins.set(successor.id, [record.id]);
        continue;
      }
      next.push(kept);
      changes.set(record.id, updated ? 'updated' : 'persisted');
    }

    // New datasets fill the release to its real size (about 8 % of the previous one).
    const newCount = Math.max(Math.round(previous.length * 0.03), sizeOf(version) - next.length);
    for (let i = 0; i < newCount; i++) {
      const candidate = takeCandidate();
      if (!candidate) break;
      const record = makeRecord(candidate.template, candidate.code, version, ids.allocate());
      next.push(record);
      changes.set(record.id, 'new');
    }
    // Electricity markets follow their grid: every voltage of a geography drifts alike, whatever
    // else happened to the dataset, so LV ≥ MV ≥ HV holds in every release.
    const index = VERSIONS.indexOf(version);
    for (let i = 0; i < next.length; i++) {
      const record = next[i];
      if (record && isElectricityMarket(record)) {
        let drift = 1;
        for (const step of VERSIONS.slice(1, index + 1))
          drift *= 0.85 + 0.17 * uniform(`trend|${step}|${record.geography.code}`);
        next[i] = { ...record, drift };
      }
    }
    releases.set(version, { version, datasets: next, changes, retired, origins });
    previous = next;
  }

  // apos has about 1 % more datasets than cutoff: treatments of by-products it allocates to.
  const aposExtras = new Map<string, DatasetRecord[]>();
  const extras: DatasetRecord[] = [];
  const aposCount = Math.round(baselineSize * 0.01);
  for (let i = 0; i < aposCount; i++) {
    const candidate = takeCandidate();
    if (!candidate) break;
    extras.push(makeRecord(candidate.template, candidate.code, first, ids.allocate()));
  }
  for (const version of VERSIONS) aposExtras.set(version, extras);
  return { releases, aposExtras };
}

function isElectricityMarket(record: DatasetRecord): boolean {
  return (
    record.type !== 'ordinary transforming activity' &&
    /^electricity, (high|medium|low) voltage$/.test(record.product)
  );
}

/** consequential drops market groups and about 10 % more (by-product routes); stable per dataset. */
export function inConsequential(record: DatasetRecord): boolean {
  return record.type !== 'market group' && uniform(`consequential|${record.scoreKey}`) >= 0.1;
}
