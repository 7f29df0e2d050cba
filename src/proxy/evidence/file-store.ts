import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config';
import type { Log } from '../redis/connection';
import { describeFault, lockLedger } from '../usage/ledger-lock';
import { EvidenceRecordSchema, type EvidenceRecord } from './digest';
import { unavailable, type EvidenceHealth, type EvidenceStore } from './store';

/** Where a record's line is: its segment, and its bytes in it. */
interface Place {
  segment: number;
  offset: number;
  length: number;
}

interface Segment {
  n: number;
  records: number;
  /** Bytes of complete, flushed lines: where the file is cut back to after a failed write. */
  bytes: number;
}

/** Segments a folder holds at most at once, the one written included (the oldest go first). */
const SEGMENTS = 4;
/** How often a folder that failed to write tries again by itself, so readiness comes back. */
const RETRY_MS = 2_000;
const NAME = /^segment-(\d{6})\.jsonl$/;
const fileOf = (dir: string, n: number) =>
  path.join(dir, `segment-${String(n).padStart(6, '0')}.jsonl`);

/**
 * The evidence of one proxy, in a folder (`EVIDENCE_DIR`): lines of JSON in segment files, each
 * line appended and flushed to disk before the scored answer it describes is served. At most
 * `maxRecords` are kept: when the segment being written holds a quarter of them, a new one is
 * started and the oldest segment deleted. Only where each record is stays in memory; a check
 * reads the records it needs from the files. One process writes a folder (a lock beside it, as
 * the usage ledger has); several instances keep their evidence in Redis.
 */
export class FileEvidence implements EvidenceStore {
  readonly kind = 'file';
  private readonly index = new Map<string, Place>();
  private readonly segments: Segment[] = [];
  private fd: number | undefined;
  private fault: string | undefined;
  private dirty = false;
  private readonly retry: NodeJS.Timeout;
  private readonly perSegment: number;
  /** Lines that could not be read at start (torn by a crash, or edited), skipped. */
  readonly unreadable: number = 0;

  private constructor(
    private readonly dir: string,
    readonly maxRecords: number,
    private readonly unlock: () => void,
    private readonly log: Log | undefined,
  ) {
    this.perSegment = Math.max(1, Math.ceil(maxRecords / SEGMENTS));
    let unreadable = 0;
    const found = readdirSync(dir)
      .map((name) => NAME.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    for (const n of found) unreadable += this.load(n);
    this.unreadable = unreadable;
    const last = this.segments.at(-1);
    if (!last || last.records >= this.perSegment)
      this.segments.push({ n: (last?.n ?? 0) + 1, records: 0, bytes: 0 });
    this.fd = this.openCurrent();
    this.trim();
    this.retry = setInterval(() => this.tryAgain(), RETRY_MS);
    this.retry.unref();
  }

  /** Locks, reads and opens the folder (creating it); throws one clear line naming EVIDENCE_DIR. */
  static open(dir: string, maxRecords: number, log?: Log): FileEvidence {
    const unusable = (what: string, error: unknown) =>
      new ConfigError(`EVIDENCE_DIR ${dir} cannot be used: ${what} (${describeFault(error)}).`);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw unusable('it cannot be created', error);
    }
    const unlock = lockLedger(path.join(dir, 'evidence'), 'EVIDENCE_DIR');
    try {
      return new FileEvidence(dir, maxRecords, unlock, log);
    } catch (error) {
      unlock();
      if (error instanceof ConfigError) throw error;
      throw unusable('its files cannot be read or appended to', error);
    }
  }

  /** Indexes a segment's records; a last line torn by a crash is cut off. Returns lines skipped. */
  private load(n: number): number {
    const file = fileOf(this.dir, n);
    const bytes = readFileSync(file);
    let unreadable = 0;
    let records = 0;
    let offset = 0;
    for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, offset)) {
      const parsed = this.parse(bytes.subarray(offset, end).toString('utf8'));
      if (parsed === 'unreadable') unreadable++;
      else if (parsed) {
        this.index.set(parsed.digest, { segment: n, offset, length: end - offset });
        records++;
      }
      offset = end + 1;
    }
    if (offset < bytes.length) {
      // Never acknowledged: its answer was never served.
      unreadable++;
      const fd = openSync(file, 'r+');
      try {
        ftruncateSync(fd, offset);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    this.segments.push({ n, records, bytes: offset });
    return unreadable;
  }

  private parse(line: string): EvidenceRecord | 'unreadable' | undefined {
    if (line.trim() === '') return undefined;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && 'check' in value) return undefined;
      const parsed = EvidenceRecordSchema.safeParse(value);
      return parsed.success ? parsed.data : 'unreadable';
    } catch {
      return 'unreadable';
    }
  }

  private get current(): Segment {
    const last = this.segments.at(-1);
    if (!last) throw new Error('the evidence folder has no segment');
    return last;
  }

  private openCurrent(): number {
    return openSync(fileOf(this.dir, this.current.n), 'a');
  }

  /** Appends whole lines and flushes them; what a failed write left is cut back before the next. */
  private append(text: string) {
    const fd = this.fd;
    if (fd === undefined) throw unavailable('the evidence folder is closed');
    const segment = this.current;
    try {
      if (this.dirty) this.cutBack(fd, segment);
      const bytes = Buffer.from(text);
      this.dirty = true;
      for (let offset = 0; offset < bytes.length;) {
        const written = writeSync(fd, bytes, offset);
        if (written <= 0) throw new Error(`short write: ${offset} of ${bytes.length} bytes`);
        offset += written;
      }
      fsyncSync(fd);
      this.dirty = false;
      const start = segment.bytes;
      segment.bytes += bytes.length;
      if (this.fault !== undefined)
        this.log?.info({ evidence: this.dir }, 'the evidence folder is written again');
      this.fault = undefined;
      return start;
    } catch (error) {
      const fault = describeFault(error);
      if (this.fault === undefined)
        this.log?.warn(
          { evidence: this.dir, fault },
          'THE EVIDENCE FOLDER CANNOT BE WRITTEN: scored requests are refused until it can',
        );
      this.fault = fault;
      try {
        this.cutBack(fd, segment);
      } catch {
        // Tried again before the next write, which waits for it.
      }
      throw unavailable(`EVIDENCE_DIR cannot be written: ${fault}`);
    }
  }

  private cutBack(fd: number, segment: Segment) {
    ftruncateSync(fd, segment.bytes);
    fsyncSync(fd);
    this.dirty = false;
  }

  async keep(records: readonly EvidenceRecord[]): Promise<void> {
    if (records.length === 0) return;
    const lines = records.map((record) => `${JSON.stringify(record)}\n`);
    const segment = this.current;
    let offset = this.append(lines.join(''));
    records.forEach((record, i) => {
      const length = Buffer.byteLength(lines[i] ?? '') - 1;
      this.index.set(record.digest, { segment: segment.n, offset, length });
      offset += length + 1;
    });
    segment.records += records.length;
    if (segment.records >= this.perSegment) this.rotate();
  }

  /** A new segment to write, and the oldest ones gone while more than `maxRecords` are kept. */
  private rotate() {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.segments.push({ n: this.current.n + 1, records: 0, bytes: 0 });
    try {
      this.fd = this.openCurrent();
    } catch (error) {
      this.fault = describeFault(error);
    }
    this.trim();
  }

  private trim() {
    const total = () => this.segments.reduce((sum, segment) => sum + segment.records, 0);
    while (this.segments.length > 1 && total() > this.maxRecords) {
      const oldest = this.segments.shift();
      if (!oldest) break;
      for (const [digest, place] of this.index)
        if (place.segment === oldest.n) this.index.delete(digest);
      rmSync(fileOf(this.dir, oldest.n), { force: true });
    }
  }

  async find(digests: readonly string[]): Promise<Map<string, EvidenceRecord>> {
    const found = new Map<string, EvidenceRecord>();
    const bySegment = new Map<number, [string, Place][]>();
    for (const digest of new Set(digests)) {
      const place = this.index.get(digest);
      if (place)
        bySegment.set(place.segment, [...(bySegment.get(place.segment) ?? []), [digest, place]]);
    }
    for (const [n, places] of bySegment) {
      let handle;
      try {
        handle = await open(fileOf(this.dir, n), 'r');
      } catch {
        // Deleted as the oldest while this check ran: none of its records is kept any more.
        continue;
      }
      try {
        for (const [digest, place] of places) {
          const buffer = Buffer.alloc(place.length);
          await handle.read(buffer, 0, place.length, place.offset);
          const record = this.parse(buffer.toString('utf8'));
          if (record && record !== 'unreadable' && record.digest === digest)
            found.set(digest, record);
        }
      } finally {
        await handle.close();
      }
    }
    return found;
  }

  health(): EvidenceHealth {
    if (this.fault === undefined) return { ok: true };
    return {
      ok: false,
      code: 'evidence_unavailable',
      detail: `the evidence folder cannot be written (${this.fault})`,
    };
  }

  /** A failing folder is tried again by itself, so readiness comes back without traffic. */
  private tryAgain() {
    if (this.fault === undefined) return;
    try {
      if (this.fd === undefined) this.fd = this.openCurrent();
      this.append(`${JSON.stringify({ check: true })}\n`);
    } catch {
      // Still failing: said once, when it started.
    }
  }

  async close(): Promise<void> {
    clearInterval(this.retry);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.unlock();
  }
}
