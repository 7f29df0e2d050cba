import { write } from 'node:fs';

/** What the log could not write, for `/readyz`. */
export interface LogHealth {
  /** Lines dropped since the proxy started. */
  dropped: number;
  /** Why the log cannot be written now (`ENOSPC`, `EFBIG` …); null while it can. */
  failing: string | null;
}

/** Log lines held while a write is under way; past this, lines are dropped, not queued. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** How often a log that failed is tried again. */
const RETRY_MS = 2_000;
/** How long a pipe that is full (EAGAIN) is given before the write is tried again. */
const AGAIN_MS = 20;

/**
 * Where the proxy's log lines go (stdout by default): written without ever stopping or
 * blocking the proxy. pino's own destination ended the process on ENOSPC (a full disk under a
 * log file) and hung it under a file-size limit, taking documentation and search down with the
 * log. Here each line is queued and written off the event loop, one write at a time; a write
 * that fails drops what was queued and, until a write succeeds again (tried every 2 s), every
 * new line, counting them (`health()`, on `/readyz`). The first failure is said once on stderr;
 * the first line written again says how many were dropped. A pipe that is full for a moment
 * (EAGAIN) is waited for, lines queued up to 4 MB meanwhile and dropped past it.
 */
export class LogSink {
  private queue: string[] = [];
  private queuedBytes = 0;
  private writing = false;
  private dropped = 0;
  private droppedNow = 0;
  private failing: { code: string; lastTry: number } | undefined;

  constructor(
    private readonly fd = 1,
    private readonly stderrFd = 2,
    private readonly now: () => number = Date.now,
  ) {}

  health(): LogHealth {
    return { dropped: this.dropped, failing: this.failing?.code ?? null };
  }

  /** pino's destination: one JSON line per call. */
  write(line: string): void {
    if (this.failing) {
      if (this.writing || this.now() - this.failing.lastTry < RETRY_MS) {
        this.drop(1);
        return;
      }
      this.failing.lastTry = this.now();
    } else if (this.queuedBytes + line.length > MAX_QUEUED_BYTES) {
      this.drop(1);
      return;
    }
    this.queue.push(line);
    this.queuedBytes += line.length;
    if (!this.writing) this.flush();
  }

  private drop(lines: number) {
    this.dropped += lines;
    this.droppedNow += lines;
  }

  private flush() {
    const text = this.queue.join('');
    const lines = this.queue.length;
    this.queue = [];
    this.queuedBytes = 0;
    this.writing = true;
    this.writeAll(Buffer.from(text), lines);
  }

  private writeAll(bytes: Buffer, lines: number) {
    write(this.fd, bytes, 0, bytes.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        // A pipe whose reader is behind: written a moment later, lines queued meanwhile.
        setTimeout(() => this.writeAll(bytes, lines), AGAIN_MS).unref();
        return;
      }
      if (error) {
        this.writing = false;
        this.fail(error, lines);
        return;
      }
      if (written < bytes.length) {
        this.writeAll(bytes.subarray(written), lines);
        return;
      }
      this.writing = false;
      if (this.failing) this.recovered();
      if (this.queue.length > 0) this.flush();
    });
  }

  private fail(error: NodeJS.ErrnoException, lines: number) {
    this.drop(lines);
    const code = error.code ?? 'EIO';
    const first = !this.failing;
    this.failing = { code, lastTry: this.now() };
    // Lines queued meanwhile go too: the log takes nothing until a write gets through.
    this.drop(this.queue.length);
    this.queue = [];
    this.queuedBytes = 0;
    if (first) {
      const message = `proxy: the log cannot be written (${code}: ${error.message.replace(/^\w+: /, '')}); its lines are dropped and counted on /readyz until it can be, tried every ${RETRY_MS / 1000} s. The proxy goes on serving.\n`;
      // Said once; if stderr cannot take it either, there is nobody to tell.
      write(this.stderrFd, message, () => undefined);
    }
  }

  private recovered() {
    const code = this.failing?.code ?? '';
    const lost = this.droppedNow;
    this.failing = undefined;
    this.droppedNow = 0;
    this.queue.unshift(
      `${JSON.stringify({ level: 40, time: this.now(), msg: `the log can be written again: ${lost} lines were dropped while it could not (${code})` })}\n`,
    );
  }
}

/**
 * `console.log` and `console.error` on a stdout or stderr that cannot be written emit an
 * error that would end the process: what they print is only worth losing.
 */
export function keepConsoleFromEndingProcess() {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
