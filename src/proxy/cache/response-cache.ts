import { hash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
  bytes: number;
  /** When the entry stops being served (release data never does). */
  expiresAt?: number;
}

/**
 * Answers kept by key, least recently used first out, capped by total bytes; identical requests
 * in flight share one producer (coalescing), so a burst of users costs one upstream call.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private bytes = 0;
  hits = 0;
  misses = 0;
  coalesced = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
      return undefined;
    }
    if (entry) {
      // Re-insert to mark it most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** The cached answer, or the one being produced, or a new one from `produce`. */
  async getOrProduce(
    key: string,
    produce: () => Promise<string>,
    options: { store: boolean; ttlMs?: number },
  ): Promise<CachedAnswer> {
    const cached = this.get(key);
    if (cached) {
      this.hits++;
      return cached;
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.coalesced++;
      return pending;
    }
    this.misses++;
    const promise = produce()
      .then((body) => {
        const answer = toAnswer(body);
        if (options.ttlMs !== undefined) answer.expiresAt = this.now() + options.ttlMs;
        if (options.store) this.set(key, answer);
        return answer;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private set(key: string, answer: CachedAnswer) {
    if (answer.bytes > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * The key of an answer to an upstream call: method, path, sorted query, and the body and user
 * when they matter. Every place that reads through the cache builds keys here, so the same
 * call is one entry wherever it is made.
 */
export function answerKey(
  method: 'GET' | 'POST',
  path: string,
  query: URLSearchParams,
  extra: { body?: unknown; userId?: string | undefined } = {},
): string {
  const sorted = new URLSearchParams(query);
  sorted.sort();
  return `${method} ${path}?${sorted.toString()}${extra.body === undefined ? '' : ` ${JSON.stringify(extra.body)}`}${extra.userId === undefined ? '' : ` user=${extra.userId}`}`;
}

export function toAnswer(body: string): CachedAnswer {
  const bytes = Buffer.byteLength(body);
  return {
    body,
    bytes,
    // The one-shot hash: a fraction of the cost of a Hash object for bodies this small.
    etag: `"${hash('sha256', body, 'base64url').slice(0, 27)}"`,
  };
}
