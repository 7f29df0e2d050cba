import { hash } from 'node:crypto';
import type { SectorFacet } from '../../shared/api/schemas';
import { KEY_PREFIX, type SharedStore } from '../redis/connection';
import type { DatasetSectors, SectorIndex } from './sector-index';

type Progress = (done: number, total: number) => void;
type Build = (progress: Progress) => Promise<SectorIndex>;

/** Sector indexes shared by every instance: built once for the fleet, by whoever claims it. */
export interface SharedIndexes {
  /** The fleet's index of `release`: read, waited for, or built here and shared. */
  obtain(release: string, build: Build, progress: Progress): Promise<SectorIndex>;
}

/** Kept like shared answers (release data never changes); rebuilt if Redis lets it go. */
const INDEX_TTL_MS = 7 * 24 * 3600_000;
/** A builder holds its claim this long and renews it while it works; dead, it lapses. */
const CLAIM_MS = 15_000;
const POLL_MS = 250;

/**
 * The index as JSON: each sector name once, datasets as [id, sector numbers, ISIC number], the
 * ISIC number -1 for a dataset without a section.
 */
interface Stored {
  names: string[];
  datasets: [number, number[], number][];
  sectors: SectorFacet[];
  isicSections: SectorFacet[];
}

export function toStored(index: SectorIndex): string {
  const numbers = new Map<string, number>();
  const number = (name: string) => {
    let n = numbers.get(name);
    if (n === undefined) numbers.set(name, (n = numbers.size));
    return n;
  };
  const datasets: Stored['datasets'] = [];
  for (const [id, entry] of index.datasets)
    datasets.push([
      id,
      entry.sectors.map(number),
      entry.isicSection === null ? -1 : number(entry.isicSection),
    ]);
  const stored: Stored = {
    names: [...numbers.keys()],
    datasets,
    sectors: index.sectors,
    isicSections: index.isicSections,
  };
  return JSON.stringify(stored);
}

export function fromStored(text: string): SectorIndex {
  const stored = JSON.parse(text) as Stored;
  const name = (n: number) => stored.names[n] ?? '';
  const datasets = new Map<number, DatasetSectors>();
  for (const [id, sectors, isic] of stored.datasets)
    datasets.set(id, { sectors: sectors.map(name), isicSection: isic < 0 ? null : name(isic) });
  return { datasets, sectors: stored.sectors, isicSections: stored.isicSections };
}

export class RedisIndexes implements SharedIndexes {
  private sequence = 0;

  constructor(private readonly store: SharedStore) {}

  async obtain(release: string, build: Build, progress: Progress): Promise<SectorIndex> {
    const digest = hash('sha256', release, 'base64url');
    const key = (what: string) => `${KEY_PREFIX}sectors:${what}:${digest}`;
    const owner = `${this.store.instance}:${++this.sequence}`;
    const { redis } = this.store;
    for (;;) {
      // Redis out of reach: this instance builds its own, as it would with no Redis.
      if (!this.store.available()) return build(progress);
      let claimed: boolean;
      try {
        const stored = await redis.get(key('index'));
        if (stored !== null) return fromStored(stored);
        claimed = (await redis.set(key('claim'), owner, 'PX', CLAIM_MS, 'NX')) === 'OK';
        if (!claimed) {
          // Another instance builds it: report its progress here, and look again shortly.
          const [done, total] = (await redis.hmget(key('progress'), 'done', 'total')).map(Number);
          progress(done || 0, total || 0);
        }
      } catch {
        return build(progress);
      }
      if (claimed) return this.buildHere(key, owner, build, progress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async buildHere(
    key: (what: string) => string,
    owner: string,
    build: Build,
    progress: Progress,
  ): Promise<SectorIndex> {
    const { redis } = this.store;
    const renew = setInterval(() => {
      redis.pexpire(key('claim'), CLAIM_MS).catch(() => undefined);
    }, CLAIM_MS / 3);
    renew.unref();
    try {
      const index = await build((done, total) => {
        progress(done, total);
        redis
          .multi()
          .hset(key('progress'), { done, total })
          .pexpire(key('progress'), CLAIM_MS)
          .exec()
          .catch(() => undefined);
      });
      await redis
        .multi()
        .set(key('index'), toStored(index), 'PX', INDEX_TTL_MS)
        .del(key('progress'))
        .exec()
        .catch(() => undefined);
      return index;
    } finally {
      clearInterval(renew);
      // Let go only of this builder's own claim: a lapsed one may be another's by now.
      if ((await redis.get(key('claim')).catch(() => null)) === owner)
        await redis.del(key('claim')).catch(() => undefined);
    }
  }
}
