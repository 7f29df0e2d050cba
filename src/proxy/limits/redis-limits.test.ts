import { describe, expect, it } from 'vitest';
import type { ProxyError } from '../errors';
import { useRedisServer } from '../testing/use-redis-server';
import { RedisLimits } from './redis-limits';

// Per-user limits shared through a real redis-server by two instances (two connections).
const redis = useRedisServer();

async function instance(options: { perMinute?: number; concurrent?: number; queue?: number }) {
  const store = await redis.connect();
  return new RedisLimits(store, {
    perMinute: options.perMinute ?? 1000,
    concurrent: options.concurrent ?? 100,
    queue: options.queue ?? 0,
    queueMs: 5_000,
    now: midMinute,
    slotMs: 30_000,
  });
}

/** The middle of the next minute, so a burst never straddles two rate windows. */
const start = Date.now();
const midMinute = () => start - (start % 60_000) + 90_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('limits shared by every instance', () => {
  it('counts one user’s requests on all instances against one rate limit', async () => {
    const a = await instance({ perMinute: 5 });
    const b = await instance({ perMinute: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).take('maria').then(
          () => 'ok',
          (error: unknown) => (error as ProxyError).code,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'rate_limited')).toHaveLength(3);
    // Another user has a window of their own: four of five taken, one left, and told so.
    for (let i = 0; i < 3; i++) await a.take('devon');
    expect((await b.take('devon')).ratelimit).toMatch(/r=1;/);
  });

  it('lets a user run at most K calls across instances, the rest waiting their turn', async () => {
    const a = await instance({ concurrent: 3, queue: 50 });
    const b = await instance({ concurrent: 3, queue: 50 });
    let running = 0;
    let most = 0;
    const call = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(15);
      running--;
      return 'ok';
    };
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).withSlot('maria', call)),
    );
    expect(outcomes.every((outcome) => outcome === 'ok')).toBe(true);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });

  it('refuses calls past a full queue with 429 at once', async () => {
    const a = await instance({ concurrent: 1, queue: 1 });
    const slow = () => sleep(100).then(() => 'ok');
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        a.withSlot('maria', slow).catch((error: unknown) => (error as ProxyError).code),
      ),
    );
    expect(outcomes.sort()).toEqual(['ok', 'ok', 'rate_limited', 'rate_limited']);
  });

  it('frees the slots of an instance that died holding them once its heartbeat lapses', async () => {
    const a = await instance({ concurrent: 2 });
    const dying = redis.connected().at(-1);
    const b = await instance({ concurrent: 2 });
    // Two calls on instance a that never end: the user's two slots, fleet-wide. Each is known to
    // hold its slot once its work starts; asking b before then could take a slot first and leave
    // a's second call refused (no queue here), which happened on a busy machine.
    const holding = Array.from(
      { length: 2 },
      () =>
        new Promise<void>((started) => {
          void a.withSlot('maria', () => {
            started();
            return new Promise(() => undefined);
          });
        }),
    );
    await Promise.all(holding);
    await expect(b.withSlot('maria', async () => 'ok').catch(() => 'refused')).resolves.toBe(
      'refused',
    );
    // Instance a is gone without letting go (its connection drops, its heartbeat stops).
    dying?.redis.disconnect();
    // Its heartbeat lapses within 5 s; the slots' own deadline (slotMs) is 30 s away.
    await expect
      .poll(() => b.withSlot('maria', async () => 'ok').catch(() => 'refused'), {
        timeout: 12_000,
        interval: 250,
      })
      .toBe('ok');
  }, 20_000);

  it('falls back to this instance’s own limits while Redis is down', async () => {
    const a = await instance({ perMinute: 2, concurrent: 1 });
    await redis.server().stop();
    await a.take('maria');
    await a.take('maria');
    await expect(a.take('maria')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(a.withSlot('maria', async () => 'ok')).resolves.toBe('ok');
    await redis.server().restart();
    await expect
      .poll(() => redis.connected()[0]?.available(), { timeout: 5_000, interval: 50 })
      .toBe(true);
  });
});
