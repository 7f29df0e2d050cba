import { hash } from 'node:crypto';
import type { SharedAnswers } from './shared-answers';

export interface CachedAnswer {
  body: string;
  etag: string;
  /** Its size in UTF-8, as sent. */
  bytes: number;
  /** When the entry stops being served (release data never does). */
  expiresAt?: number;
  /** Told the size of the answer's gzip once it is made (cache/compressed.ts), to count it. */
  compressed?: (bytes: number) => void;
  /**
   * "Not in this release", kept like an answer (a release never changes): the service's words.
   * Never sent as a 200: whoever reads it answers 404.
   */
  absent?: string;
  /** The key it is kept under in this process, once kept (an answer too large to keep has none). */
  key?: string;
}

/** A cached answer the proxy also reads: its value, kept beside the JSON sent. */
interface Valued<T> extends CachedAnswer {
  value: T;
}

interface Entry {
  answer: CachedAnswer;
  cost: number;
  /** Read since the cap last passed over it: it gets a second chance before it is dropped. */
  used: boolean;
}

/** What a cache entry holds besides its strings: the entry, the answer object, the map slot. */
const ENTRY_OVERHEAD = 256;

/**
 * The memory a string takes in V8: one byte a character while every character is Latin-1, two
 * once any is not (an en dash, a curly quote). Counting UTF-8 bytes instead let the cache hold
 * about twice its cap in answers with such characters.
 */
function heapBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? 2 * text.length : text.length;
}

/**
 * Answers kept by key, least recently used first out, capped by the memory they take (their
 * strings as V8 keeps them, their keys, and their gzip once made); identical requests in flight
 * share one producer (coalescing), so a burst of users costs one upstream call. With a shared
 * store (Redis), a miss here asks the fleet first, and the same request arriving at several
 * instances at once is produced by one of them.
 */
export class ResponseCache {
  /** Each answer with what it costs in memory, counted against the cap. */
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private bytes = 0;
  hits = 0;
  misses = 0;
  coalesced = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
    private readonly shared?: SharedAnswers,
  ) {}

  /** The largest answer (with its key) worth keeping: a quarter of the cap. */
  get maxEntryBytes() {
    return this.maxBytes / 4;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.answer.expiresAt !== undefined && entry.answer.expiresAt <= this.now()) {
      this.entries.delete(key);
      this.bytes -= entry.cost;
      return undefined;
    }
    // Marked, not moved: deleting and re-inserting the key on every hit made the map rehash
    // itself over and over once it held tens of thousands of answers (15 % of a hit's CPU).
    entry.used = true;
    return entry.answer;
  }

  /**
   * The value kept beside a cached answer (`getOrProduceValue`) if this process has it, without
   * producing or asking anyone; of the type its producer gave.
   */
  valueAtHand(key: string): unknown {
    const answer = this.get(key);
    return answer && 'value' in answer ? answer.value : undefined;
  }

  /** The cached answer, or the one being produced, or a new one from `produce`. */
  getOrProduce(
    key: string,
    produce: () => Promise<string>,
    options: { store: boolean; ttlMs?: number },
  ): Promise<CachedAnswer> {
    const shared = options.store ? this.shared : undefined;
    return this.getOrFill(key, options, async () =>
      toAnswer(await (shared ? shared.fetch(key, produce, options.ttlMs) : produce())),
    );
  }

  /**
   * The same for an answer the proxy reads as well as sends (the releases, the service's search
   * pages): its value is kept beside its JSON, so no reader parses what this process produced.
   * An answer another instance produced (Redis) is parsed once, when it is stored here.
   */
  getOrProduceValue<T>(
    key: string,
    produce: () => Promise<T>,
    options: { store: boolean; ttlMs?: number },
  ): Promise<Valued<T>> {
    const shared = options.store ? this.shared : undefined;
    return this.getOrFill(key, options, async () => {
      if (!shared) return valuedAnswer(await produce());
      let produced: { value: T } | undefined;
      const body = await shared.fetch(
        key,
        async () => {
          produced = { value: await produce() };
          return JSON.stringify(produced.value);
        },
        options.ttlMs,
      );
      // The answer's JSON came from this proxy's own serialisation of a T, here or elsewhere.
      return { ...toAnswer(body), value: produced ? produced.value : (JSON.parse(body) as T) };
    }) as Promise<Valued<T>>;
  }

  private async getOrFill(
    key: string,
    options: { store: boolean; ttlMs?: number },
    fill: () => Promise<CachedAnswer>,
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
    const promise = fill()
      .then((answer) => {
        if (options.ttlMs !== undefined) answer.expiresAt = this.now() + options.ttlMs;
        if (options.store) this.set(key, answer);
        return answer;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private set(key: string, answer: CachedAnswer) {
    // A kept value is counted as its JSON again: parsed JSON takes about as much heap as its text.
    const text = heapBytes(answer.body);
    const cost = text * ('value' in answer ? 2 : 1) + heapBytes(key) + ENTRY_OVERHEAD;
    if (cost > this.maxEntryBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.cost;
      this.entries.delete(key);
    }
    answer.key = key;
    const entry: Entry = { answer, cost, used: false };
    this.entries.set(key, entry);
    this.bytes += cost;
    // Its gzip, made later and only if a client asks for it, is counted then.
    answer.compressed = (bytes) => {
      if (this.entries.get(key) !== entry) return;
      entry.cost += bytes;
      this.bytes += bytes;
      this.trim();
    };
    this.trim();
  }

  /**
   * Drops answers, oldest first, until the cache is within its cap; one read since the cap last
   * passed over it goes to the back instead (second chance, an approximation of least recently
   * used that costs a hit nothing). Every answer is passed over at most twice.
   */
  private trim() {
    let chances = this.entries.size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      if (entry.used && chances-- > 0) {
        entry.used = false;
        this.entries.set(oldest, entry);
      } else {
        this.bytes -= entry.cost;
      }
    }
  }
}

/**
 * The key of an answer to an upstream call: method, path, sorted query, and the body when it
 * matters. Every place that reads through the cache builds keys here, so the same call is one
 * entry wherever it is made. A body (up to 100 kB) is kept as its hash: keys are small whatever
 * was sent.
 */
export function answerKey(
  method: 'GET' | 'POST',
  path: string,
  query: URLSearchParams,
  extra: { body?: unknown } = {},
): string {
  const sorted = new URLSearchParams(query);
  sorted.sort();
  return `${method} ${path}?${sorted.toString()}${extra.body === undefined ? '' : ` body=${hash('sha256', JSON.stringify(extra.body), 'base64url')}`}`;
}

/** The key of one user's own answer (`catalog.usersOwn`): the answer's key with the user. */
export const usersOwnKey = (key: string, userId: string) => `${key} user=${userId}`;

/**
 * How "not in this release" is stored, here and in the fleet's store: a text no JSON answer
 * starts with, then the service's words.
 */
const ABSENT = '!absent ';

/** The stored form of "not in this release", with the words to say it in. */
export function absentBody(detail: string): string {
  return `${ABSENT}${JSON.stringify({ detail })}`;
}

export function toAnswer(body: string): CachedAnswer {
  if (body.startsWith(ABSENT)) {
    const { detail } = JSON.parse(body.slice(ABSENT.length)) as { detail?: unknown };
    return {
      body,
      bytes: Buffer.byteLength(body),
      etag: '',
      absent: typeof detail === 'string' ? detail : 'Not in this release.',
    };
  }
  const bytes = Buffer.byteLength(body);
  return {
    body,
    bytes,
    // The one-shot hash: a fraction of the cost of a Hash object for bodies this small.
    etag: `"${hash('sha256', body, 'base64url').slice(0, 27)}"`,
  };
}

/** An answer from a value the proxy produced: its JSON to send, the value to read. */
function valuedAnswer<T>(value: T): Valued<T> {
  return { ...toAnswer(JSON.stringify(value)), value };
}
