import { ProxyError } from '../errors';
import { SlotQueue, type Give } from './slot-queue';

const MAX_TRACKED_USERS = 100_000;
export const WINDOW_MS = 60_000;
/** A user's free calls to the data service are counted per clock hour. */
export const FREE_WINDOW_MS = 3_600_000;

/** Per-user (or per-address) limits, kept in this process or shared by every instance. */
export interface Limits {
  /** Counts one request; throws 429 past the limit. Resolves to the headers to send. */
  take(key: string): Promise<Record<string, string>>;
  /**
   * Runs `call` as one of the key's upstream calls, after waiting its turn, or refuses it.
   * `freeCalls` is what it costs of the user's free calls (0 for a scored call, which the score
   * budget bounds).
   */
  withSlot<T>(key: string, call: () => Promise<T>, freeCalls?: number): Promise<T>;
  /** Counts free calls made to the data service for a user, or throws 429 past their budget. */
  spend(key: string, calls: number): Promise<void>;
}

/** The 429 of a user whose free calls this hour are spent. */
export function freeCallsExhausted(perHour: number, now: number) {
  const seconds = Math.max(1, Math.ceil((FREE_WINDOW_MS - (now % FREE_WINDOW_MS)) / 1000));
  return new ProxyError(429, 'free_calls_exhausted', {
    detail: `This hour you have had ${perHour} free calls made to the data service for you (documentation, searches and releases read that nobody had asked for yet), the most one user may. Answers already fetched are still served; new ones in ${Math.ceil(seconds / 60)} min.`,
    hint: 'USER_FREE_CALLS_PER_HOUR sets the budget',
    headers: { 'retry-after': String(seconds) },
  });
}

export interface LimitOptions {
  perMinute: number;
  concurrent: number;
  /** Calls past `concurrent` that wait for a slot, and how long each waits at most. */
  queue?: number;
  queueMs?: number;
  now: () => number;
  policy?: 'per-user' | 'per-address';
  /** Free calls to the data service one user may cause an hour; unset: no budget. */
  freeCallsPerHour?: number;
}

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers-08 for the `count`th request of a window
 * that resets in `resetSeconds`, once the window's last tenth is reached (at least its last
 * request): a client learns to slow down while it still can, and throws 429 past the limit.
 * Earlier in the window they are left out: on every answer they told a client nothing it could
 * act on, and each header costs every answer in the proxy and in the client (issue 32's bench).
 */
export function rateHeaders(
  options: Pick<LimitOptions, 'perMinute' | 'policy'>,
  count: number,
  resetSeconds: number,
): Record<string, string> {
  const policy = options.policy ?? 'per-user';
  const remaining = Math.max(0, options.perMinute - count);
  if (remaining > Math.max(1, Math.ceil(options.perMinute / 10))) return {};
  const headers = {
    ratelimit: `"${policy}";r=${remaining};t=${resetSeconds}`,
    'ratelimit-policy': `"${policy}";q=${options.perMinute};w=60`,
  };
  if (count > options.perMinute) {
    const from = policy === 'per-user' ? 'one user' : 'one address without a valid token';
    throw new ProxyError(429, 'rate_limited', {
      detail: `More than ${options.perMinute} requests a minute from ${from}; try again in ${resetSeconds} s.`,
      headers: { ...headers, 'retry-after': String(resetSeconds) },
    });
  }
  return headers;
}

/**
 * Per-user request rate (fixed window) and concurrent upstream calls in this process, keyed by
 * the verified user, never the IP address: behind the proxy every user shares one. Calls past
 * the concurrency limit wait in a short queue. The same window, keyed by socket address, limits
 * requests nobody signed (`policy: 'per-address'`).
 */
export class UserLimits implements Limits {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly freeCalls = new Map<string, { hour: number; count: number }>();
  private readonly inflight = new Map<string, number>();
  private readonly slots: SlotQueue;

  constructor(private readonly options: LimitOptions) {
    this.slots = new SlotQueue({
      tryTake: async (key) => this.tryTake(key),
      concurrent: options.concurrent,
      length: options.queue ?? 0,
      waitMs: options.queueMs ?? 0,
      pollMs: 250,
    });
  }

  async take(key: string): Promise<Record<string, string>> {
    return this.takeNow(key);
  }

  /** `take` without a promise: the Redis limits fall back to it when Redis is down. */
  takeNow(key: string): Record<string, string> {
    const now = this.options.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && this.windows.size >= MAX_TRACKED_USERS) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    const reset = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    return rateHeaders(this.options, window.count, reset);
  }

  async withSlot<T>(key: string, call: () => Promise<T>, freeCalls = 1): Promise<T> {
    if (freeCalls > 0) this.spendNow(key, freeCalls);
    return this.slots.run(key, call);
  }

  async spend(key: string, calls: number): Promise<void> {
    this.spendNow(key, calls);
  }

  /** `spend` without a promise: the Redis limits fall back to it when Redis is down. */
  spendNow(key: string, calls: number): void {
    const limit = this.options.freeCallsPerHour;
    if (limit === undefined) return;
    const now = this.options.now();
    const hour = Math.floor(now / FREE_WINDOW_MS);
    let spent = this.freeCalls.get(key);
    if (spent?.hour !== hour) {
      if (this.freeCalls.size >= MAX_TRACKED_USERS) this.freeCalls.clear();
      spent = { hour, count: 0 };
      this.freeCalls.set(key, spent);
    }
    if (spent.count + calls > limit) throw freeCallsExhausted(limit, now);
    spent.count += calls;
  }

  /** A slot of this process, if one is free. */
  tryTake(key: string): Give | undefined {
    const running = this.inflight.get(key) ?? 0;
    if (running >= this.options.concurrent) return undefined;
    this.inflight.set(key, running + 1);
    return () => {
      const left = (this.inflight.get(key) ?? 1) - 1;
      if (left <= 0) this.inflight.delete(key);
      else this.inflight.set(key, left);
    };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows)
      if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}
