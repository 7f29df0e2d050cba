import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { describeFault, lockLedger, LedgerUnusableError } from './ledger-lock';

/** A line could not be made complete and durable; nothing of it is left in the file. */
export class LedgerWriteError extends Error {}

/**
 * The ledger's file, appended to by one process. A line is acknowledged only once all of its
 * bytes are written and flushed to disk. A write that fails or comes up short (a full disk, a
 * file-size limit, an I/O error) is taken back by truncating the file to its last complete line,
 * so the next line never lands on a fragment; until that succeeds, nothing more is written.
 */
export class LedgerFile {
  private fd: number | undefined;
  /** Bytes of complete, flushed lines: where the file is cut back to after a failed write. */
  private good: number;
  /** A write failed and its bytes may still be in the file. */
  private dirty = false;
  /** Why the last write failed, until one succeeds. */
  fault: string | undefined;
  /** Bytes of a line torn by a crash mid-write, found at the end of the file and ended. */
  readonly tornTail: number;
  private unlock: (() => void) | undefined;

  private constructor(
    readonly file: string,
    readonly text: string,
  ) {
    const unusable = (what: string, error: unknown) =>
      new LedgerUnusableError(
        `USAGE_LEDGER_PATH ${file} cannot be used: ${what} (${describeFault(error)}). Give the proxy a file it can read and append to, with space to grow, or set USAGE_LEDGER_PATH elsewhere.`,
      );
    try {
      this.fd = openSync(file, 'a');
      this.good = fstatSync(this.fd).size;
    } catch (error) {
      throw unusable('it cannot be opened for appending', error);
    }
    // A crash mid-write leaves a line without its end. That line was never acknowledged, so its
    // call never left; it is ended here, so the next line is a line of its own, and reported.
    this.tornTail = text.endsWith('\n')
      ? 0
      : Buffer.byteLength(text.slice(text.lastIndexOf('\n') + 1));
    if (this.tornTail > 0) {
      try {
        this.append('\n');
      } catch (error) {
        throw unusable('its torn last line cannot be ended', error);
      }
    }
  }

  /** Locks, reads and opens the file (creating it and its folder); throws one clear line. */
  static open(file: string): LedgerFile {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
    } catch (error) {
      throw new LedgerUnusableError(
        `USAGE_LEDGER_PATH ${file} cannot be used: its folder cannot be created (${describeFault(error)}).`,
      );
    }
    const unlock = lockLedger(file);
    try {
      let text = '';
      try {
        if (existsSync(file)) text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new LedgerUnusableError(
          `USAGE_LEDGER_PATH ${file} cannot be used: it cannot be read (${describeFault(error)}).`,
        );
      }
      const opened = new LedgerFile(file, text);
      opened.unlock = unlock;
      return opened;
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /** Appends whole lines and flushes them; throws `LedgerWriteError` with nothing left behind. */
  append(text: string): void {
    const fd = this.fd;
    if (fd === undefined) throw new LedgerWriteError('the ledger file is closed');
    try {
      if (this.dirty) this.cutBack(fd);
      const bytes = Buffer.from(text);
      this.dirty = true;
      // A write may take fewer bytes than it was given (a file-size limit reached mid-line).
      for (let offset = 0; offset < bytes.length;) {
        const written = writeSync(fd, bytes, offset);
        if (written <= 0) throw new Error(`short write: ${offset} of ${bytes.length} bytes`);
        offset += written;
      }
      fsyncSync(fd);
      this.dirty = false;
      this.good += bytes.length;
      this.fault = undefined;
    } catch (error) {
      this.fault = describeFault(error);
      try {
        this.cutBack(fd);
      } catch {
        // Tried again before the next write, which waits for it.
      }
      throw new LedgerWriteError(this.fault);
    }
  }

  /** Takes back whatever a failed write left after the last complete line. */
  private cutBack(fd: number) {
    ftruncateSync(fd, this.good);
    fsyncSync(fd);
    this.dirty = false;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.unlock?.();
    this.unlock = undefined;
  }
}
