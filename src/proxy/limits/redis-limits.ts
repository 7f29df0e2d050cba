import { ALIVE_PREFIX, KEY_PREFIX, type SharedStore } from '../redis/connection';
import { SlotQueue, type Give } from './slot-queue';
import {
  FREE_WINDOW_MS,
  freeCallsExhausted,
  rateHeaders,
  UserLimits,
  WINDOW_MS,
  type LimitOptions,
  type Limits,
} from './user-limits';
import type { Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    limitCount(key: string, windowMs: number): Result<number, Context>;
    limitTakeSlot(
      key: string,
      holder: string,
      now: number,
      expiresAt: number,
      limit: number,
      alivePrefix: string,
    ): Result<number, Context>;
    limitGiveSlot(key: string, holder: string): Result<number, Context>;
    limitSpend(
      key: string,
      calls: number,
      limit: number,
      windowMs: number,
    ): Result<number, Context>;
  }
}

// Counters and slots may be lost with Redis (a window restarts, a slot is freed): they stay out
// of the append-only file, so they never wait for its fsync (which only the ledger needs).
const NOT_DURABLE = 'redis.set_repl(redis.REPL_NONE)';

// One more request in this window; the window's key expires with it.
const COUNT = `${NOT_DURABLE}
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// A slot is a member of the key's sorted set (`<instance>:<n>`), scored by when it lapses if
// never given back. A slot whose instance's heartbeat is gone (killed) is let go at once, so its
// user is not locked out for a whole call deadline on every instance. ARGV: holder, now, lapses
// at, limit, heartbeat key prefix.
const TAKE_SLOT = `${NOT_DURABLE}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
for _, holder in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local instance = string.match(holder, '^([^:]+):')
  if instance and redis.call('EXISTS', ARGV[5] .. instance) == 0 then
    redis.call('ZREM', KEYS[1], holder)
  end
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

const GIVE_SLOT = `${NOT_DURABLE}
return redis.call('ZREM', KEYS[1], ARGV[1])`;

// A user's free calls this hour: counted only when they fit. ARGV: calls, limit, window.
const SPEND = `${NOT_DURABLE}
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
if spent + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** How often a user's first waiting call looks for a slot another instance gave back. */
const POLL_MS = 20;

/**
 * Per-user rate and concurrency limits counted across every instance in Redis. The rate window
 * is the clock's minute, the same for every instance; a slot lapses after `slotMs` if its
 * instance dies holding it. While Redis cannot be reached, this instance's own limits apply.
 */
export class RedisLimits implements Limits {
  private readonly local: UserLimits;
  private readonly slots: SlotQueue;
  private sequence = 0;

  constructor(
    private readonly store: SharedStore,
    private readonly options: LimitOptions & { slotMs: number },
  ) {
    store.redis.defineCommand('limitCount', { numberOfKeys: 1, lua: COUNT });
    store.redis.defineCommand('limitTakeSlot', { numberOfKeys: 1, lua: TAKE_SLOT });
    store.redis.defineCommand('limitGiveSlot', { numberOfKeys: 1, lua: GIVE_SLOT });
    store.redis.defineCommand('limitSpend', { numberOfKeys: 1, lua: SPEND });
    this.local = new UserLimits(options);
    this.slots = new SlotQueue({
      tryTake: (key) => this.tryTake(key),
      concurrent: options.concurrent,
      length: options.queue ?? 0,
      waitMs: options.queueMs ?? 0,
      pollMs: POLL_MS,
    });
  }

  private policy() {
    return this.options.policy ?? 'per-user';
  }

  async take(key: string): Promise<Record<string, string>> {
    if (!this.store.available()) return this.local.takeNow(key);
    const now = this.options.now();
    const window = Math.floor(now / WINDOW_MS);
    let count: number;
    try {
      count = await this.store.redis.limitCount(
        `${KEY_PREFIX}rate:${this.policy()}:${key}:${window}`,
        WINDOW_MS,
      );
    } catch {
      return this.local.takeNow(key);
    }
    const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    return rateHeaders(this.options, count, reset);
  }

  async withSlot<T>(key: string, call: () => Promise<T>, freeCalls = 1): Promise<T> {
    if (freeCalls > 0) await this.spend(key, freeCalls);
    return this.slots.run(key, call);
  }

  /** A user's free calls, counted across every instance in the clock hour. */
  async spend(key: string, calls: number): Promise<void> {
    const limit = this.options.freeCallsPerHour;
    if (limit === undefined) return;
    if (!this.store.available()) return this.local.spendNow(key, calls);
    const now = this.options.now();
    let fits: number;
    try {
      fits = await this.store.redis.limitSpend(
        `${KEY_PREFIX}free:${key}:${Math.floor(now / FREE_WINDOW_MS)}`,
        calls,
        limit,
        FREE_WINDOW_MS,
      );
    } catch {
      return this.local.spendNow(key, calls);
    }
    if (fits !== 1) throw freeCallsExhausted(limit, now);
  }

  private async tryTake(key: string): Promise<Give | undefined> {
    if (!this.store.available()) return this.local.tryTake(key);
    const slotKey = `${KEY_PREFIX}slots:${this.policy()}:${key}`;
    const holder = `${this.store.instance}:${++this.sequence}`;
    const now = this.options.now();
    try {
      const taken = await this.store.redis.limitTakeSlot(
        slotKey,
        holder,
        now,
        now + this.options.slotMs,
        this.options.concurrent,
        ALIVE_PREFIX,
      );
      if (taken !== 1) return undefined;
    } catch {
      return this.local.tryTake(key);
    }
    return () => void this.store.redis.limitGiveSlot(slotKey, holder).catch(() => undefined);
  }
}
