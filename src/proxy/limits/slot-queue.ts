import { ProxyError } from '../errors';

/** Gives back a slot taken by `tryTake`. */
export type Give = () => void;

interface Waiter {
  resolve: (give: Give) => void;
  timer: NodeJS.Timeout;
}

/**
 * A user's calls past their concurrency limit wait here, first come first served, for at most
 * `length` calls and `waitMs` each, before being refused with 429; a burst from one script is
 * then served at the pace the limit allows instead of mostly refused. Slots are taken with
 * `tryTake`, which may be shared by every instance (Redis): a slot given back here wakes the
 * first waiter at once, one given back elsewhere is seen at the next poll.
 */
export class SlotQueue {
  private readonly queues = new Map<string, Waiter[]>();
  private readonly pumping = new Set<string>();
  private readonly wake = new Map<string, () => void>();
  /** Slots given back per key, so one given back while a pump was asking is not missed. */
  private readonly given = new Map<string, number>();

  constructor(
    private readonly options: {
      tryTake: (key: string) => Promise<Give | undefined>;
      concurrent: number;
      length: number;
      waitMs: number;
      /** How often the first waiter looks for a slot given back elsewhere (another instance). */
      pollMs: number;
    },
  ) {}

  async run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const give = await this.take(key);
    try {
      return await call();
    } finally {
      give();
      if (this.queues.has(key)) {
        this.given.set(key, (this.given.get(key) ?? 0) + 1);
        this.wake.get(key)?.();
      }
    }
  }

  private refused() {
    return new ProxyError(429, 'rate_limited', {
      detail: `Too many requests of yours are waiting for the data service (at most ${this.options.concurrent} at once, ${this.options.length} waiting).`,
      headers: { 'retry-after': '1' },
    });
  }

  private async take(key: string): Promise<Give> {
    const queue = this.queues.get(key);
    // Nobody waiting: take a slot at once if there is one; otherwise join the queue's end.
    if (!queue || queue.length === 0) {
      const give = await this.options.tryTake(key);
      if (give) return give;
    }
    const waiting = this.queues.get(key) ?? [];
    if (waiting.length >= this.options.length || this.options.waitMs === 0) throw this.refused();
    this.queues.set(key, waiting);
    return new Promise<Give>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(this.refused());
        }, this.options.waitMs),
      };
      waiting.push(waiter);
      void this.pump(key, waiting);
    });
  }

  /** Hands slots to the waiters of one key, in order, until none waits. */
  private async pump(key: string, waiting: Waiter[]) {
    if (this.pumping.has(key)) {
      this.wake.get(key)?.();
      return;
    }
    this.pumping.add(key);
    try {
      while (waiting.length > 0) {
        const before = this.given.get(key) ?? 0;
        const given = await this.options.tryTake(key).catch(() => undefined);
        if (given) {
          const waiter = waiting.shift();
          if (!waiter) {
            given();
            break;
          }
          clearTimeout(waiter.timer);
          waiter.resolve(given);
          continue;
        }
        if ((this.given.get(key) ?? 0) !== before) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        this.wake.delete(key);
      }
    } finally {
      this.pumping.delete(key);
      this.wake.delete(key);
      if (waiting.length === 0 && this.queues.get(key) === waiting) {
        this.queues.delete(key);
        this.given.delete(key);
      }
    }
  }
}
