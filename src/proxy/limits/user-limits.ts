import { ProxyError } from '../errors';

const MAX_TRACKED_USERS = 100_000;

/**
 * Per-user request rate (fixed window) and concurrent upstream calls, keyed by the verified
 * user, never the IP address: behind the proxy every user shares one. Answers carry the
 * RateLimit and RateLimit-Policy headers of draft-ietf-httpapi-ratelimit-headers-08. The same
 * window, keyed by socket address, limits requests nobody signed (`policy: 'per-address'`).
 */
export class UserLimits {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly inflight = new Map<string, number>();

  constructor(
    private readonly options: {
      perMinute: number;
      concurrent: number;
      now: () => number;
      policy?: 'per-user' | 'per-address';
    },
  ) {}

  /** Counts one request; throws 429 past the limit. Returns the headers to send. */
  take(userId: string): Record<string, string> {
    const now = this.options.now();
    const windowMs = 60_000;
    let window = this.windows.get(userId);
    if (!window || now - window.start >= windowMs) {
      if (!window && this.windows.size >= MAX_TRACKED_USERS) this.prune(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(userId, window);
    }
    window.count++;
    const reset = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    const remaining = Math.max(0, this.options.perMinute - window.count);
    const policy = this.options.policy ?? 'per-user';
    const headers = {
      ratelimit: `"${policy}";r=${remaining};t=${reset}`,
      'ratelimit-policy': `"${policy}";q=${this.options.perMinute};w=60`,
    };
    if (window.count > this.options.perMinute) {
      const from = policy === 'per-user' ? 'one user' : 'one address without a valid token';
      throw new ProxyError(429, 'rate_limited', {
        detail: `More than ${this.options.perMinute} requests a minute from ${from}; try again in ${reset} s.`,
        headers: { ...headers, 'retry-after': String(reset) },
      });
    }
    return headers;
  }

  /** Runs `call` as one of the user's upstream calls, or refuses when they have too many running. */
  async withSlot<T>(userId: string, call: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(userId) ?? 0;
    if (running >= this.options.concurrent) {
      throw new ProxyError(429, 'rate_limited', {
        detail: `Too many requests of yours are waiting for the data service (at most ${this.options.concurrent} at once).`,
        headers: { 'retry-after': '1' },
      });
    }
    this.inflight.set(userId, running + 1);
    try {
      return await call();
    } finally {
      const left = (this.inflight.get(userId) ?? 1) - 1;
      if (left <= 0) this.inflight.delete(userId);
      else this.inflight.set(userId, left);
    }
  }

  private prune(now: number, windowMs: number) {
    for (const [user, window] of this.windows)
      if (now - window.start >= windowMs) this.windows.delete(user);
  }
}
