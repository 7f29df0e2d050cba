import { releaseKey } from '../../shared/versions';
import type { ChargeSource } from './ledger-types';

/** A release as the usage answer names it. */
export interface ServedRelease {
  version: string;
  system_model: string;
  /** Datasets whose scores the data service returned in this release this period, ascending. */
  datasets: number[];
}

/**
 * Which datasets had their scores returned in which release this period. The ledger counts
 * Dataset IDs, as the service's documents say it bills; whether it bills an ID again when it is
 * asked for in another release is not documented, so a dataset charged only in another release
 * must not load by itself as if it cost nothing (the explorer asks first).
 */
export class ServedByRelease {
  private readonly byRelease = new Map<string, { release: ServedRelease; ids: Set<number> }>();

  /** Of these datasets, those not recorded as served in the release yet. */
  unrecorded(release: ChargeSource['release'], ids: readonly number[]): number[] {
    if (!release) return [];
    const known = this.byRelease.get(releaseKey(release))?.ids;
    return [...new Set(ids)].filter((id) => !known?.has(id));
  }

  /** Records these datasets as served in the release. */
  add(release: ChargeSource['release'], ids: readonly number[]) {
    if (!release) return;
    const key = releaseKey(release);
    const known = this.byRelease.get(key) ?? {
      release: { version: release.version, system_model: release.systemModel, datasets: [] },
      ids: new Set<number>(),
    };
    this.byRelease.set(key, known);
    for (const id of ids) known.ids.add(id);
  }

  list(): ServedRelease[] {
    return [...this.byRelease.values()]
      .map(({ release, ids }) => ({ ...release, datasets: [...ids].sort((a, b) => a - b) }))
      .sort((a, b) =>
        a.version === b.version
          ? a.system_model.localeCompare(b.system_model)
          : a.version.localeCompare(b.version, 'en', { numeric: true }),
      );
  }

  clear() {
    this.byRelease.clear();
  }
}
