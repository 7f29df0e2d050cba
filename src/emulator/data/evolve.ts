import { ancestorsOf, geographyRelation } from '../../shared/geographies/tree';
import {
  describeRecord,
  isElectricityMarket,
  makeRecord,
  PINNED_IDS,
  placeIn,
  timePeriod,
  VERSIONS,
  type ChangeKind,
  type DatasetRecord,
  type IdAllocator,
  type GeneratedRelease,
} from './records';
import { documentationEdits, EDIT_RATES, renamedActivity, renamedProduct } from './edits';
import {
  CHANGE_RATES,
  choose,
  fanOut,
  moveTargets,
  splitPlan,
  splitRate,
  splitShares,
} from './change-plans';
import { normal, uniform, uuidV5 } from './hash';
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

const isPinned = (record: DatasetRecord) =>
  PINNED_IDS[`${record.activity}|${record.geography.code}`] !== undefined;

/**
 * The next release from the one before, with the real rates and patterns of change, recording
 * what happened to each dataset, where each new ID comes from and a split's shares.
 */
export function evolveRelease(
  previous: readonly DatasetRecord[],
  version: string,
  context: EvolveContext,
): GeneratedRelease {
  const { ids, sectorPool } = context;
  const next: DatasetRecord[] = [];
  const changes = new Map<number, ChangeKind>();
  const retired: number[] = [];
  const origins = new Map<number, number[]>();
  const shares = new Map<number, number>();
  const byTemplate = new Map<Template, DatasetRecord[]>();
  for (const record of previous)
    byTemplate.set(record.template, [...(byTemplate.get(record.template) ?? []), record]);
  const mergedAway = new Set<DatasetRecord>();
  // A dataset already carried into the next release cannot be merged away afterwards.
  const handled = new Set<DatasetRecord>();
  const lineage = (record: DatasetRecord) => record.lineageKey ?? record.scoreKey;
  const add = (record: DatasetRecord, kind: ChangeKind, from?: number[]) => {
    next.push(record);
    changes.set(record.id, kind);
    if (from) origins.set(record.id, from);
  };

  /** A narrower dataset of the same activity folded into this one under a new ID. */
  function merge(record: DatasetRecord): boolean {
    const code = record.geography.code;
    const partner = (byTemplate.get(record.template) ?? []).find(
      (other) =>
        other !== record &&
        !handled.has(other) &&
        !mergedAway.has(other) &&
        !isPinned(other) &&
        other.activity === record.activity &&
        other.product === record.product &&
        (code === 'RoW' || ancestorsOf(other.geography.code).includes(code)),
    );
    if (!partner) return false;
    mergedAway.add(partner);
    retired.push(record.id, partner.id);
    add(relocated(record, code, `|merged|${version}`), 'merged', [record.id, partner.id]);
    return true;
  }

  function split(record: DatasetRecord, seed: string): boolean {
    const free = (code: string) => context.isFree(record.template, code);
    const plan = splitPlan(record, fanOut(`${seed}|fan`), seed, free);
    if (!plan) return false;
    const allocation = splitShares(seed, plan.carved.length);
    const targets: { code: string; share: number }[] = plan.carved.map((code, i) => ({
      code,
      share: allocation.carved[i] ?? 0,
    }));
    if (plan.keepsId) {
      const { kept } = keep(record, seed, true);
      add(kept, 'split');
      shares.set(kept.id, allocation.remainder);
    } else {
      retired.push(record.id);
      targets.unshift({ code: plan.remainder, share: allocation.remainder });
    }
    for (const { code, share } of targets) {
      context.use(record.template, code);
      const target: DatasetRecord = {
        ...relocated(record, code),
        scoreKey: code === plan.remainder ? record.scoreKey : `${record.scoreKey}|split|${code}`,
      };
      add(target, 'split', [record.id]);
      shares.set(target.id, share);
    }
    return true;
  }

  /**
   * The dataset under its ID in this release: drifted or updated, its documentation edited or
   * written anew (`rewrite`: its names changed, or it is what a split left).
   */
  function keep(
    record: DatasetRecord,
    seed: string,
    rewrite = false,
  ): { kept: DatasetRecord; updated: boolean } {
    const electricityMarket = isElectricityMarket(record);
    // Electricity markets are updated every release, all voltages of a geography alike.
    const updated = electricityMarket || uniform(`${seed}|updated`) < 0.19;
    const drift = updated
      ? electricityMarket
        ? 0.85 + uniform(`trend|${version}|${record.geography.code}`) * 0.17
        : Math.exp(0.25 * normal(`${seed}|update`))
      : 1 + 0.02 * normal(`${seed}|drift`);
    // Electricity markets are the demo's landmarks: their documentation stays put.
    const edit = electricityMarket || rewrite ? {} : documentationEdits(seed, record, sectorPool);
    const place = placeIn(record.geography.code, version);
    const kept: DatasetRecord = {
      ...record,
      ...(edit.isicClass && edit.isicSection
        ? { isicClass: edit.isicClass, isicSection: edit.isicSection }
        : {}),
      ...(edit.sectors ? { sectors: edit.sectors } : {}),
      ...(edit.unit ? { unit: edit.unit } : {}),
      geography: place,
      drift: record.drift * drift,
      timePeriod: updated
        ? timePeriod(`${record.activityUuid}|${version}`, version)
        : record.timePeriod,
    };
    const renamedPlace = place.display !== record.geography.display;
    if (updated || edit.description || renamedPlace || rewrite)
      kept.description = describeRecord(kept, version);
    return { kept, updated };
  }

  /** The dataset with its names in another geography, under a new ID and activity UUID. */
  function relocated(record: DatasetRecord, code: string, salt = ''): DatasetRecord {
    const moved: DatasetRecord = {
      ...makeRecord(record.template, code, version, ids.allocate(), salt),
      activity: record.activity,
      product: record.product,
      unit: record.unit,
      productUuid: record.productUuid,
      sectors: record.sectors,
      isicClass: record.isicClass,
      isicSection: record.isicSection,
      lineageKey: lineage(record),
    };
    moved.description = describeRecord(moved, version);
    return moved;
  }

  for (const record of previous) {
    if (mergedAway.has(record)) continue;
    handled.add(record);
    const seed = `event|${version}|${record.scoreKey}`;
    const u = uniform(seed);
    const electricityMarket = isElectricityMarket(record);
    const free = (code: string) => context.isFree(record.template, code);
    // RoW is the world without the activity's other geographies: never beside GLO.
    const places = new Set(
      (byTemplate.get(record.template) ?? [])
        .filter((other) => other !== record)
        .map((other) => other.geography.code),
    );
    const movable = (code: string) =>
      free(code) &&
      !(code === 'GLO' && places.has('RoW')) &&
      !(code === 'RoW' && places.has('GLO'));
    const pinned = isPinned(record);
    if (!pinned) {
      if (u < CHANGE_RATES.removed) {
        retired.push(record.id);
        continue;
      }
      if (uniform(`${seed}|merge`) < CHANGE_RATES.merge && merge(record)) continue;
      if (uniform(`${seed}|split`) < splitRate(record) && split(record, seed)) continue;
    }
    let bound = CHANGE_RATES.removed + CHANGE_RATES.moved;
    if (!pinned && u < bound) {
      const code = choose(`${seed}|to`, moveTargets(record.geography.code), movable);
      if (code && geographyRelation(record.geography.code, code) !== 'same') {
        context.use(record.template, code);
        retired.push(record.id);
        const activity =
          uniform(`${seed}|and-renamed`) < CHANGE_RATES.movedAndRenamed
            ? (renamedActivity(record.activity) ?? record.activity)
            : record.activity;
        const moved: DatasetRecord = {
          ...relocated({ ...record, activity }, code),
          scoreKey: record.scoreKey,
          drift: record.drift,
        };
        add(moved, 'moved', [record.id]);
        continue;
      }
    }
    bound += CHANGE_RATES.productRenamed;
    if (!pinned && u < bound && !electricityMarket) {
      const product = renamedProduct(record.product);
      const activity =
        uniform(`${seed}|with-activity`) < 0.8
          ? (renamedActivity(record.activity) ?? record.activity)
          : record.activity;
      retired.push(record.id);
      const { kept } = keep(
        { ...record, activity, product, productUuid: uuidV5(`product|${product}`) },
        seed,
        true,
      );
      add({ ...kept, id: ids.allocate() }, 'product-renamed', [record.id]);
      continue;
    }
    bound += CHANGE_RATES.activityRenamed;
    if (!pinned && u < bound) {
      const activity = renamedActivity(record.activity);
      if (activity) {
        add(keep({ ...record, activity }, seed, true).kept, 'renamed');
        continue;
      }
    }
    const { kept, updated } = keep(record, seed);
    // Rarely a dataset gets a new ID while its activity, product and geography stay the same.
    if (
      !electricityMarket &&
      !pinned &&
      uniform(`${seed}|reidentified`) < EDIT_RATES.reidentified
    ) {
      retired.push(record.id);
      add({ ...kept, id: ids.allocate() }, 're-identified', [record.id]);
      continue;
    }
    // A geography renamed in this release renames the dataset, its ID kept.
    const renamedPlace = kept.geography.display !== record.geography.display;
    add(kept, renamedPlace ? 'renamed' : updated ? 'updated' : 'persisted');
  }

  // New datasets fill the release to its real size (about 8 % of the previous one).
  const newCount = Math.max(Math.round(previous.length * 0.03), context.size - next.length);
  for (let i = 0; i < newCount; i++) {
    const candidate = context.takeCandidate();
    if (!candidate) break;
    add(makeRecord(candidate.template, candidate.code, version, ids.allocate()), 'new');
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
  return { version, datasets: next, changes, retired, origins, shares };
}
