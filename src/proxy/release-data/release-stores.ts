/** How far the reading of a release has got. */
export interface Building {
  status: 'building';
  done: number;
  total: number;
}

interface Entry<T> {
  promise: Promise<T>;
  value?: T;
  error?: Error;
  done: number;
  total: number;
}

/**
 * One value per release and system model (its documents, read once), built once however many
 * ask at once, whoever they are, and kept; at most `max` ready ones, the least recently used
 * going first. A build under way is never dropped (dropping it left it running while the next
 * request started another), and at most `maxBuilds` run at once, the others waiting their
 * turn. A failed build is reported once, then the next request starts it again.
 */
export class ReleaseStores<Context, T> {
  private readonly entries = new Map<string, Entry<T>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** `build` gets the context of the request that found no value, e.g. who asked. */
  constructor(
    private readonly build: (
      key: string,
      context: Context,
      progress: (done: number, total: number) => void,
    ) => Promise<T>,
    private readonly max = 6,
    private readonly maxBuilds = 2,
  ) {}

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
    created.promise = this.turn(() =>
      this.build(key, context, (done, total) => {
        created.done = done;
        created.total = total;
      }),
    ).then(
      (value) => {
        created.value = value;
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

  /** Drops the least recently used ready values past `max`; builds under way stay. */
  private evict() {
    let ready = [...this.entries.values()].filter((entry) => entry.value !== undefined).length;
    for (const [key, entry] of this.entries) {
      if (ready <= this.max) break;
      if (entry.value === undefined) continue;
      this.entries.delete(key);
      ready--;
    }
  }

  /** The value when ready, else how far its build has got (and it is started). */
  get(key: string, context: Context): { status: 'ready'; value: T } | Building {
    const entry = this.entry(key, context);
    if (entry.value === undefined)
      return { status: 'building', done: entry.done, total: entry.total };
    return { status: 'ready', value: entry.value };
  }

  /** The value if it is ready; otherwise undefined, and its build is under way. */
  ready(key: string, context: Context): T | undefined {
    return this.entry(key, context).value;
  }
}
