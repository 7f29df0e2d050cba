import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { KEY_PREFIX, type SharedStore } from '../redis/connection';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Values are kept gzipped in Redis: a full-scale release is about 8 MB of JSON and 1 MB gzipped,
 * and Redis holds one per release and system model for a week. One stored as plain JSON (by an
 * earlier version) is read as it is.
 */
async function unpack(stored: Buffer): Promise<string> {
  const gzipped = stored[0] === 0x1f && stored[1] === 0x8b;
  return (gzipped ? await gunzipAsync(stored) : stored).toString();
}

type Progress = (done: number, total: number) => void;

/** How a value read from the data service is kept in Redis, and read back. */
export interface Codec<T> {
  encode(value: T): string;
  decode(text: string): T;
}

/**
 * Whole releases read once for the fleet (Redis): whichever instance claims a release reads it
 * and shares it; the others report its progress and take it when it is there.
 */
export interface SharedReads {
  /** The fleet's copy of `name`: read, waited for, or read here and shared. */
  obtain<T>(
    name: string,
    read: (progress: Progress) => Promise<T>,
    progress: Progress,
    codec: Codec<T>,
  ): Promise<T>;
}

/** Kept like shared answers (release data never changes); read again if Redis lets it go. */
const VALUE_TTL_MS = 7 * 24 * 3600_000;
/** A reader holds its claim this long and renews it while it works; dead, it lapses. */
const CLAIM_MS = 15_000;
const POLL_MS = 250;

export class RedisReads implements SharedReads {
  private sequence = 0;

  constructor(private readonly store: SharedStore) {}

  async obtain<T>(
    name: string,
    read: (progress: Progress) => Promise<T>,
    progress: Progress,
    codec: Codec<T>,
  ): Promise<T> {
    const digest = hash('sha256', name, 'base64url');
    const key = (what: string) => `${KEY_PREFIX}reads:${what}:${digest}`;
    const owner = `${this.store.instance}:${++this.sequence}`;
    const { redis } = this.store;
    for (;;) {
      // Redis out of reach: this instance reads its own, as it would with no Redis.
      if (!this.store.available()) return read(progress);
      let claimed: boolean;
      try {
        const stored = await redis.getBuffer(key('value'));
        if (stored !== null) return codec.decode(await unpack(stored));
        claimed = (await redis.set(key('claim'), owner, 'PX', CLAIM_MS, 'NX')) === 'OK';
        if (!claimed) {
          // Another instance reads it: report its progress here, and look again shortly.
          const [done, total] = (await redis.hmget(key('progress'), 'done', 'total')).map(Number);
          progress(done || 0, total || 0);
        }
      } catch {
        return read(progress);
      }
      if (claimed) return this.readHere(key, owner, read, progress, codec);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async readHere<T>(
    key: (what: string) => string,
    owner: string,
    read: (progress: Progress) => Promise<T>,
    progress: Progress,
    codec: Codec<T>,
  ): Promise<T> {
    const { redis } = this.store;
    const renew = setInterval(() => {
      redis.pexpire(key('claim'), CLAIM_MS).catch(() => undefined);
    }, CLAIM_MS / 3);
    renew.unref();
    try {
      const value = await read((done, total) => {
        progress(done, total);
        redis
          .multi()
          .hset(key('progress'), { done, total })
          .pexpire(key('progress'), CLAIM_MS)
          .exec()
          .catch(() => undefined);
      });
      const packed = await gzipAsync(codec.encode(value));
      await redis
        .multi()
        .set(key('value'), packed, 'PX', VALUE_TTL_MS)
        .del(key('progress'))
        .exec()
        .catch(() => undefined);
      return value;
    } finally {
      clearInterval(renew);
      // Let go only of this reader's own claim: a lapsed one may be another's by now.
      if ((await redis.get(key('claim')).catch(() => null)) === owner)
        await redis.del(key('claim')).catch(() => undefined);
    }
  }
}
