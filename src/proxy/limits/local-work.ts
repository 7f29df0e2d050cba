import { getHeapStatistics } from 'node:v8';
import { ProxyError } from '../errors';

/** Seconds a refused request is told to wait: local work takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 2;
/** Past this share of the heap's limit, no new local work starts. */
const HEAP_PRESSURE = 0.85;

export interface LocalWorkOptions {
  /** Answers one user may have the proxy work out at once. */
  perUser: number;
  /** What all local work in flight may be estimated to hold, in bytes. */
  maxBytes: number;
  /** The heap in use and its limit; V8's by default (tests pass their own). */
  heap?: () => { used: number; limit: number };
}

const v8Heap = () => {
  const stats = getHeapStatistics();
  return { used: stats.used_heap_size, limit: stats.heap_size_limit };
};

/** What a release's changes or a dataset's history is estimated to hold until it is sent. */
export const ACROSS_RELEASES_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Bounds on the work the proxy does itself, in its memory, for one request: upgrade checks,
 * the changes between releases, histories, release reads. `USER_CONCURRENCY` counts calls to the
 * data service only, so one user sending 24 upgrade checks of 10 000 lines at once took the
 * proxy from 554 MB to 1.66 GB. Each such request takes a slot of its user's (at most
 * `perUser`) and its estimated memory from a budget shared by everyone (`maxBytes`), and none
 * starts while the heap is nearly full; past any of these it is refused at once with 429
 * `local_work_busy` and a Retry-After, never queued (a queue would hold the bodies). Work alone
 * in the proxy always starts, however large its estimate.
 */
export class LocalWork {
  private readonly running = new Map<string, number>();
  private bytes = 0;
  private count = 0;

  constructor(private readonly options: LocalWorkOptions) {}

  /** Takes a slot and `bytes` of the budget, or throws 429; the function gives them back. */
  take(userId: string, bytes: number): () => void {
    const mine = this.running.get(userId) ?? 0;
    if (mine >= this.options.perUser)
      throw busy(
        `You already have ${mine} answers being worked out by the explorer's server at once (upgrade checks, changes, histories), the most one user may; this one can start when one of them is done.`,
      );
    if (this.count > 0) {
      const heap = (this.options.heap ?? v8Heap)();
      if (this.bytes + bytes > this.options.maxBytes || heap.used > heap.limit * HEAP_PRESSURE)
        throw busy(
          `The explorer's server is working out other large answers and has no memory to spare for this one now.`,
        );
    }
    this.running.set(userId, mine + 1);
    this.bytes += bytes;
    this.count++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
      this.bytes -= bytes;
      this.count--;
    };
  }
}

const busy = (detail: string) =>
  new ProxyError(429, 'local_work_busy', {
    detail: `${detail} Try again in ${RETRY_AFTER_SECONDS} s.`,
    hint: 'LOCAL_WORK_PER_USER and LOCAL_WORK_MB set these bounds',
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
