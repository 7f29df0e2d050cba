import { ProxyError } from '../errors';
import { asksForLess } from './politely';

/** An answer saying the service has more than it can do: it asked for less, or did not answer in time. */
const overloaded = (error: unknown) =>
  asksForLess(error) || (error instanceof ProxyError && error.code === 'gateway_timeout');

/**
 * The free calls in flight for every release this instance reads, together
 * (`RELEASE_READ_CONCURRENCY`): a history's releases and a What changed pair are read at the
 * same time, so the service's latency is waited out once for all of them, while the service
 * never sees more than the ceiling at once however many releases are under way.
 *
 * The calls in flight adapt as TCP's window does: an answer that asks for less (429, or a
 * busy 503) or none in time (504) halves them, once for all the calls that were already in flight when it came (the
 * others started before the service could be heard), never below one; each run of as many
 * answers as the ceiling, none asking for less, allows one more, up to the ceiling: slower
 * back than TCP's window, since a service that refused once will likely refuse again there.
 * Calls wait their turn in the order they were asked.
 */
export class ReadPool {
  private allowed: number;
  private inFlight = 0;
  /** Answers in a row since the last change to `allowed`, none asking for less. */
  private answered = 0;
  /** Raised each time `allowed` is halved: a call started before it cannot halve it again. */
  private epoch = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly ceiling: number) {
    if (!Number.isInteger(ceiling) || ceiling < 1)
      throw new Error('a read pool needs at least one call in flight');
    this.allowed = ceiling;
  }

  /** Calls the pool lets through at once now (the ceiling, unless the service asked for less). */
  get inFlightAllowed(): number {
    return this.allowed;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        const epoch = this.epoch;
        this.inFlight++;
        // A call that throws before its promise is one is a failed call like any other.
        Promise.resolve()
          .then(call)
          .then(
            (value) => {
              if (++this.answered >= this.ceiling) {
                this.answered = 0;
                this.allowed = Math.min(this.ceiling, this.allowed + 1);
              }
              resolve(value);
            },
            (error: unknown) => {
              if (overloaded(error) && epoch === this.epoch) {
                this.epoch++;
                this.answered = 0;
                this.allowed = Math.max(1, Math.floor(this.allowed / 2));
              }
              reject(error instanceof Error ? error : new Error(String(error)));
            },
          )
          .finally(() => {
            this.inFlight--;
            this.pump();
          });
      });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.allowed) {
      const next = this.queue.shift();
      if (!next) return;
      next();
    }
  }
}
