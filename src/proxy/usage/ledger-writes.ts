import { ProxyError } from '../errors';
import type { Log } from '../redis/connection';
import type { LedgerFile } from './ledger-file';
import { LedgerWriteError } from './ledger-file';
import type { Hold, Line } from './ledger-lines';
import type { LedgerHealth } from './ledger-types';

/** A line to write after its call, with the hold it keeps on the budget until it is written. */
export interface Pending {
  line: Line;
  held: Hold | undefined;
  /** Its charges are already counted in memory (a recovered intent). */
  applied: boolean;
}

/** How often a ledger that failed to write tries again by itself, so readiness comes back. */
const RETRY_MS = 2_000;

export const unwritable = (fault: string) =>
  new ProxyError(503, 'usage_ledger_unavailable', {
    detail: `The usage ledger file cannot be written (${fault}), so requests for scores are refused rather than answered uncounted. Documentation stays available.`,
    hint: 'Free disk space or raise the file-size limit of USAGE_LEDGER_PATH; the proxy tries again by itself',
    headers: { 'retry-after': '5' },
  });

/**
 * The file ledger's writes, in order. A line the file does not take waits in `unwritten`, its
 * hold still counting against the budget (in the file, its intent stays open and is counted in
 * full at the next start), and scored calls are refused until it is written; a failing file is
 * tried again by itself.
 */
export class LedgerWrites {
  /** Lines of calls that ended while the file took no writes: written first, once it does. */
  private readonly unwritten: Pending[] = [];
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: LedgerFile | undefined,
    private readonly options: {
      /** USAGE_LEDGER_PATH, as logs name it. */
      path: string | undefined;
      log?: Log | undefined;
      /** The line written only to learn whether the file takes writes again. */
      check: () => Line;
      /** Counts a line's charges in memory. */
      apply: (line: Line) => void;
      /** Lets go of a call's hold on the budget. */
      letGo: (held: Hold) => void;
    },
  ) {}

  /** Once the file is read back: from then on a failing file is tried again every 2 s. */
  retryWhenFailing() {
    if (!this.file) return;
    this.retry = setInterval(() => this.tryAgain(), RETRY_MS);
    this.retry.unref();
  }

  /** Why the file failed its last write, until one succeeds. */
  get fault(): string | undefined {
    return this.file?.fault;
  }

  /** Appends a line; returns once it is complete on disk, or throws `LedgerWriteError`. */
  write(line: Line) {
    this.file?.append(`${JSON.stringify(line)}\n`);
  }

  /** Writes what a call charged and lets go of its hold, or keeps it waiting (see the class). */
  commit(pending: Pending) {
    this.unwritten.push(pending);
    this.flush();
  }

  /** Writes waiting lines in order; false when the file still takes no writes. */
  flush(): boolean {
    const wasFailing = this.file?.fault !== undefined;
    for (let next = this.unwritten[0]; next; next = this.unwritten[0]) {
      try {
        this.write(next.line);
      } catch (error) {
        if (!(error instanceof LedgerWriteError)) throw error;
        if (!next.applied && next.held === undefined) {
          // A recovered intent has no hold: its charges count in memory from now on.
          this.options.apply(next.line);
          next.applied = true;
        }
        if (!wasFailing) this.warnFault(error);
        return false;
      }
      this.unwritten.shift();
      if (!next.applied) this.options.apply(next.line);
      if (next.held) this.options.letGo(next.held);
    }
    return true;
  }

  /** Said once when the file stops taking writes, not on every refused request. */
  warnFault(error: LedgerWriteError) {
    this.options.log?.warn(
      { ledger: this.options.path, fault: error.message },
      'THE USAGE LEDGER FILE CANNOT BE WRITTEN: scored requests are refused until it can; calls that already went out stay counted against the budget',
    );
  }

  /** Whether the file failed its last write or holds back lines. */
  private failing(): boolean {
    return this.file?.fault !== undefined || this.unwritten.length > 0;
  }

  /** A failing file is tried again by itself, so readiness comes back without traffic. */
  private tryAgain() {
    if (!this.failing()) return;
    if (this.unwritten.length === 0) {
      try {
        this.write(this.options.check());
      } catch {
        return;
      }
    } else if (!this.flush()) return;
    this.options.log?.info({ ledger: this.options.path }, 'the usage ledger file is written again');
  }

  health(): LedgerHealth {
    const fault = this.file?.fault;
    if (fault === undefined && this.unwritten.length === 0) return { ok: true };
    return {
      ok: false,
      code: 'usage_ledger_unavailable',
      detail: `the usage ledger file cannot be written (${fault ?? 'lines are waiting to be written'})`,
    };
  }

  close(): void {
    clearInterval(this.retry);
    this.file?.close();
  }
}
