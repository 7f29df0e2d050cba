import type { ChargeSource } from './ledger-types';

/**
 * One line of the ledger file. A line without `intent` is charged. An `intent` line is a scored
 * call about to go out, with every charge it could bring; the `settle` line of the same id says
 * what it did charge. An intent without its settle (a crash) counts as charged in full.
 */
export interface Line {
  period: string;
  intent?: string;
  settle?: string;
  user?: string;
  datasets?: number[];
  indicators?: number[];
  /**
   * A page of a longer list whose outcome is unknown: at most `slots` of these `maybe` datasets
   * were charged. On an intent, `slots` says the call was such a page.
   */
  maybe?: number[];
  slots?: number;
  /**
   * Datasets returned with scores in the line's `release` and not recorded there before, charged
   * or not: what may load again in that release without asking (see served.ts).
   */
  served?: number[];
  /** Who made the call (on intents and on what they charged) and when it was settled. */
  by?: string;
  at?: number;
  /** What the call was for and where it came from; missing in lines of earlier versions. */
  release?: { version: string; system_model: string };
  page?: string;
  client?: string;
  /** A line written only to learn whether the file takes writes again; it charges nothing. */
  check?: true;
}

export interface Hold {
  user: string;
  source: ChargeSource;
  /** Datasets not charged yet that the call may charge. */
  datasets: number[];
  /** Of those, how many it can charge at most, when fewer than all (a page of a batch). */
  slots: number | undefined;
  indicators: number[];
}

export const unique = (ids: readonly number[]) => [...new Set(ids)];
export const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** Adds or removes one hold on each ID, keeping a count per ID. */
export function holdCounts(counts: Map<number, number>, ids: readonly number[], delta: 1 | -1) {
  for (const id of ids) {
    const count = (counts.get(id) ?? 0) + delta;
    if (count > 0) counts.set(id, count);
    else counts.delete(id);
  }
}

/** What reading a ledger file back found: this period's charged lines and open intents. */
export interface ReadBack {
  /** Lines of this period that charged (or may have), in the order written. */
  charged: Line[];
  /** This period's intents that were never settled, by id. */
  open: Map<string, Line>;
  /** Lines that could not be read (skipped), and of those, lines whose end could be read. */
  unreadable: number;
  salvaged: number;
}

/**
 * A line that cannot be read. A torn line was never acknowledged (its call never went out), but
 * an earlier version appended the next line onto a torn one: that line's end is read.
 */
function salvage(row: string): Line | undefined {
  for (let at = row.indexOf('{"period"', 1); at > 0; at = row.indexOf('{"period"', at + 1)) {
    try {
      return JSON.parse(row.slice(at)) as Line;
    } catch {
      // Not the start of the appended line; look further on.
    }
  }
  return undefined;
}

/** Reads a ledger file's text back for a period. */
export function readLines(text: string, period: string): ReadBack {
  const read: ReadBack = { charged: [], open: new Map(), unreadable: 0, salvaged: 0 };
  for (const row of text.split('\n')) {
    if (!row.trim()) continue;
    let line: Line | undefined;
    try {
      line = JSON.parse(row) as Line;
    } catch {
      read.unreadable++;
      line = salvage(row);
      if (line) read.salvaged++;
    }
    if (!line) continue;
    if (line.intent !== undefined) {
      if (line.period === period) read.open.set(line.intent, line);
      continue;
    }
    if (line.settle !== undefined) read.open.delete(line.settle);
    if (line.period === period) read.charged.push(line);
  }
  return read;
}
