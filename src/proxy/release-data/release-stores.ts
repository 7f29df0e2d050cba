/** How far the reading of a release has got. */
export interface Building {
  status: 'building';
  done: number;
  total: number;
  /** Settles once what is being read is read (or failed): an answer waiting on it can be made. */
  read?: Promise<void>;
}

interface Entry<T> {
  promise: Promise<T>;
  value?: T;
  error?: Error;
  done: number;
  total: number;
}

/**
 * Values kept compact (a release's documents gzipped: about a tenth of their heap) once built,
 * so a value dropped from memory is made again from here, with no call to the data service.
 */
interface ColdStorage<Context, T> {
  freeze(value: T): Promise<Buffer>;
  thaw(frozen: Buffer, context: Context): Promise<T>;
  /** Bytes the compact values may take; past it, the least recently used go. */
  maxBytes: number;
}

export interface StoreOptions<Context, T> {
  cold?: ColdStorage<Context, T>;
  /**
   * A value built from the data service is not built from it again within this long (when it
   * was dropped from both memory and cold storage): `tooSoon` is the error its request gets.
   */
  rebuildAfterMs?: number;
  tooSoon?: (retryAfterSeconds: number) => Error;
  now?: () => number;
}

/**
 * One value per release and system model (its documents, read once), built once however many
 * ask at once, whoever they are, and kept; at most `max` ready ones, the least recently used
 * going first. A build under way is never dropped (dropping it left it running while the next
 * request started another), and at most `maxBuilds` run at once, the others waiting their
 * turn. A failed build is reported once, then the next request starts it again.
 *
 * A value dropped from memory is kept compact (`cold`) and made again from there: asking for more releases than `max`, in turn, cost a whole release's worth of
 * calls to the data service each time (13 284 calls for 144 requests cycling eleven releases).
 * What the data service must be asked again (cold storage full) is rate-limited per release.
 */
export class ReleaseStores<Context, T> {
  private readonly entries = new Map<string, Entry<T>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Compact values by key, least recently used first, and their bytes once frozen. */
  private readonly frozen = new Map<string, { buffer: Promise<Buffer>; bytes: number }>();
  private frozenBytes = 0;
  /** When each key was last built from the data service. */
  private readonly builtAt = new Map<string, number>();

  /** `build` gets the context of the request that found no value, e.g. who asked. */
  constructor(
    private readonly build: (
      key: string,
      context: Context,
      progress: (done: number, total: number) => void,
    ) => Promise<T>,
    private readonly max = 6,
    private readonly maxBuilds = 2,
    private readonly options: StoreOptions<Context, T> = {},
  ) {}

  /** Bytes of the compact values kept, for the memory they take. */
  get coldBytes(): number {
    return this.frozenBytes;
  }

  /** Runs `start` now if fewer than `maxBuilds` run, else when one ends. */
  private async turn<R>(start: () => Promise<R>): Promise<R> {
    if (this.running >= this.maxBuilds)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await start();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Whether a release has a value, ready or under way. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.error === undefined;
  }

  /** Every ready value. */
  readyValues(): T[] {
    return [...this.entries.values()].flatMap((entry) =>
      entry.value === undefined ? [] : [entry.value],
    );
  }

  private entry(key: string, context: Context): Entry<T> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (entry.error !== undefined) {
        this.entries.delete(key);
        throw entry.error;
      }
      return entry;
    }
    const created: Entry<T> = { done: 0, total: 0, promise: Promise.resolve(undefined as never) };
    const progress = (done: number, total: number) => {
      created.done = done;
      created.total = total;
    };
    const cold = this.frozen.get(key);
    const storage = this.options.cold;
    const now = this.options.now ?? Date.now;
    const last = this.builtAt.get(key);
    const wait = last === undefined ? 0 : last + (this.options.rebuildAfterMs ?? 0) - now();
    let made: () => Promise<T>;
    /** Whether the value is read from the data service (not made again from its compact copy). */
    let fresh = false;
    if (cold && storage) {
      this.frozen.delete(key);
      this.frozen.set(key, cold);
      made = async () => {
        try {
          return await storage.thaw(await cold.buffer, context);
        } catch (error) {
          // A compact copy that cannot be read is dropped: the next request builds anew.
          if (this.frozen.get(key) === cold) {
            this.frozen.delete(key);
            this.frozenBytes -= cold.bytes;
          }
          throw error;
        }
      };
    } else if (wait > 0 && this.options.tooSoon) {
      made = () => Promise.reject(this.options.tooSoon?.(Math.ceil(wait / 1000)) ?? new Error());
    } else {
      fresh = true;
      made = () => this.build(key, context, progress);
    }
    created.promise = this.turn(made).then(
      (value) => {
        created.value = value;
        if (fresh) this.builtAt.set(key, now());
        this.evict();
        return value;
      },
      (error: unknown) => {
        created.error = error instanceof Error ? error : new Error(String(error));
        throw error;
      },
    );
    // Whoever waits sees the failure; a build nobody waits for must not crash the process.
    created.promise.catch(() => undefined);
    entry = created;
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a value compact, off the event loop; the least recently used go past the cap. */
  private freeze(key: string, value: T) {
    const cold = this.options.cold;
    if (!cold) return;
    const kept = { buffer: cold.freeze(value), bytes: 0 };
    this.frozen.set(key, kept);
    kept.buffer.then(
      (buffer) => {
        if (this.frozen.get(key) !== kept) return;
        kept.bytes = buffer.length;
        this.frozenBytes += buffer.length;
        for (const [oldest, entry] of this.frozen) {
          if (this.frozenBytes <= cold.maxBytes) break;
          this.frozen.delete(oldest);
          this.frozenBytes -= entry.bytes;
        }
      },
      // Not kept compact: dropped from memory, it is built again (rate-limited).
      () => this.frozen.delete(key),
    );
  }

  /**
   * Drops the least recently used ready values past `max`, keeping each compact (once: a value
   * made again from its compact copy still has it); builds under way stay.
   */
  private evict() {
    let ready = [...this.entries.values()].filter((entry) => entry.value !== undefined).length;
    for (const [key, entry] of this.entries) {
      if (ready <= this.max) break;
      if (entry.value === undefined) continue;
      this.entries.delete(key);
      if (!this.frozen.has(key)) this.freeze(key, entry.value);
      ready--;
    }
  }

  /** The value when ready, else how far its build has got (and it is started). */
  get(key: string, context: Context): { status: 'ready'; value: T } | Building {
    const entry = this.entry(key, context);
    if (entry.value === undefined)
      return {
        status: 'building',
        done: entry.done,
        total: entry.total,
        read: entry.promise.then(
          () => undefined,
          () => undefined,
        ),
      };
    return { status: 'ready', value: entry.value };
  }

  /** The value if it is ready; otherwise undefined, and its build is under way. */
  ready(key: string, context: Context): T | undefined {
    return this.entry(key, context).value;
  }
}
