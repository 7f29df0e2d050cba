import type { IdAllocator } from './records';
import {
  describeRecord,
  isElectricityMarket,
  makeRecord,
  PINNED_IDS,
  timePeriod,
  VERSIONS,
  type ChangeKind,
  type DatasetRecord,
  type Release,
} from './records';
import { documentationEdits, EDIT_RATES, renamedActivity, renamedProduct } from './edits';
import { normal, pick, uniform, uuidV5 } from './hash';
import type { Template } from './templates';

/** What the release before leaves to the next: IDs, free places, and datasets not yet used. */
export interface EvolveContext {
  ids: IdAllocator;
  /** The release's dataset count at this scale. */
  size: number;
  isFree(t: Template, code: string): boolean;
  use(t: Template, code: string): void;
  takeCandidate(): { template: Template; code: string } | undefined;
  /** Every sector the database uses. */
  sectorPool: readonly string[];
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
 * The next release from the one before, with the real rates of change (demo-data-facts.md
 * §10.3), recording what happened to each dataset and where each new ID comes from.
 */
export function evolveRelease(
  previous: readonly DatasetRecord[],
  version: string,
  context: EvolveContext,
): Release {
  const { ids, sectorPool } = context;
  const next: DatasetRecord[] = [];
  const changes = new Map<number, ChangeKind>();
  const retired: number[] = [];
  const origins = new Map<number, number[]>();
  const byTemplate = new Map<Template, DatasetRecord[]>();
  for (const record of previous)
    byTemplate.set(record.template, [...(byTemplate.get(record.template) ?? []), record]);
  const freeGeography = (t: Template) => t.geographies.find((code) => context.isFree(t, code));
  const mergedAway = new Set<DatasetRecord>();
  // A dataset already carried into the next release cannot be merged away afterwards.
  const handled = new Set<DatasetRecord>();

  for (const record of previous) {
    if (mergedAway.has(record)) continue;
    handled.add(record);
    const seed = `event|${version}|${record.scoreKey}`;
    const u = uniform(seed);
    const electricityMarket = isElectricityMarket(record);
    if (u < 0.007 && !PINNED_IDS[`${record.activity}|${record.geography.code}`]) {
      retired.push(record.id);
      continue;
    }
    if (u < 0.009) {
      const partner = (byTemplate.get(record.template) ?? []).find(
        (other) =>
          !handled.has(other) &&
          !mergedAway.has(other) &&
          !PINNED_IDS[`${other.activity}|${other.geography.code}`],
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
        context.use(record.template, code);
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
        context.use(record.template, code);
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
  const newCount = Math.max(Math.round(previous.length * 0.03), context.size - next.length);
  for (let i = 0; i < newCount; i++) {
    const candidate = context.takeCandidate();
    if (!candidate) break;
    const record = makeRecord(candidate.template, candidate.code, version, ids.allocate());
    next.push(record);
    changes.set(record.id, 'new');
  }
  // Electricity markets follow their grid: every voltage of a geography drifts alike, whatever
  // else happened to the dataset, so LV ≥ MV ≥ HV holds in every release.
  const index = VERSIONS.findIndex((known) => known === version);
  for (let i = 0; i < next.length; i++) {
    const record = next[i];
    if (record && isElectricityMarket(record)) {
      let drift = 1;
      for (const step of VERSIONS.slice(1, index + 1))
        drift *= 0.85 + 0.17 * uniform(`trend|${step}|${record.geography.code}`);
      next[i] = { ...record, drift };
    }
  }
  return { version, datasets: next, changes, retired, origins };
}
