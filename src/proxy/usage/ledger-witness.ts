import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A period's running totals: datasets, indicators, users, datasets of unknown pages. */
export type Totals = [number, number, number, number];

/** What an instance last saw of the shared ledger: its name (epoch), period and totals. */
export interface Witnessed {
  epoch: string;
  period: string;
  totals: Totals;
}

const Count = z.number().int().nonnegative();
const WitnessedSchema = z.object({
  epoch: z.string().min(1),
  period: z.string().min(1),
  totals: z.tuple([Count, Count, Count, Count]),
});

export const higher = (a: Totals, b: Totals): Totals => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/**
 * The shared ledger's epoch and totals as instances saw them, kept on this machine, where a
 * Redis that loses its data cannot reset them: after a restart of everything, an instance still
 * knows what the ledger held. Several instances on one machine share the file; each write keeps
 * the larger of what the file and the instance saw, so one instance never lowers another's.
 * Unset (`none`): this instance's memory only, which covers everything but a restart.
 */
export class LedgerWitness {
  constructor(private readonly file: string | undefined) {}

  read(): Witnessed | undefined {
    if (!this.file) return undefined;
    try {
      return WitnessedSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      // Missing (first start), or unreadable: nothing was witnessed here that can be trusted.
      return undefined;
    }
  }

  /** Writes what was seen, merged with the file's; a rename, so the file is never half written. */
  write(seen: Witnessed): void {
    if (!this.file) return;
    const kept = this.read();
    const merged =
      kept && kept.epoch === seen.epoch && kept.period === seen.period
        ? { ...seen, totals: higher(kept.totals, seen.totals) }
        : seen;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, JSON.stringify(merged));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
  }
}
