import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ChangeReportSchema,
  reportName,
  reportPair,
  type ChangeReport,
  type ReportPair,
} from '../../shared/matching/change-report';
import { ConfigError } from '../config';

/**
 * ecoinvent's change reports, as brightway-lca/ecoinvent_migrate publishes them, read from a
 * folder (`CHANGE_REPORTS_DIR`) once at start: for the real service the operator puts ecoinvent's
 * there; `npm start` puts the emulator's. Every `*.json` file is one report, named by its
 * `name` (`ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff`): a regular file inside the folder, of
 * at most MAX_REPORT_BYTES; anything else stops start-up with one line naming it.
 */
export interface ChangeReports {
  /** The report between two neighbouring releases of a system model, when there is one. */
  get(pair: ReportPair): ChangeReport | undefined;
  /** Each report's releases and system model, for the log. */
  pairs: readonly ReportPair[];
  /** The folder read, or null when none was given. */
  dir: string | null;
}

/** A report that cannot be read stops start-up with one line naming the file, as bad config does. */
class ChangeReportsError extends ConfigError {}

const NO_CHANGE_REPORTS: ChangeReports = { get: () => undefined, pairs: [], dir: null };

/** The largest report read: ecoinvent's are under 1 MB, the emulator's full-scale ones a few. */
export const MAX_REPORT_BYTES = 32 * 1024 * 1024;

/** What a file-system entry is, for a refusal: `a FIFO`, `a directory` … */
function kindOf(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }) {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  return 'a device or other special file';
}

/**
 * One report's text: a regular file inside the folder, at most MAX_REPORT_BYTES, or a refusal
 * naming it. Opened without following a symbolic link (one could lead anywhere: /etc/passwd was
 * read) and without waiting (a FIFO held start-up until something wrote to it), then checked on
 * the open file itself, so nothing can be swapped in between.
 */
async function readReport(dir: string, file: string): Promise<string> {
  let handle;
  try {
    handle = await open(
      join(dir, file),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ChangeReportsError(
      code === 'ELOOP'
        ? `CHANGE_REPORTS_DIR: ${file} is a symbolic link; only regular files inside the folder are read`
        : `CHANGE_REPORTS_DIR: ${file} cannot be read (${code ?? 'error'})`,
    );
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new ChangeReportsError(
        `CHANGE_REPORTS_DIR: ${file} is ${kindOf(stats)}, not a regular file; only regular files inside the folder are read`,
      );
    if (stats.size > MAX_REPORT_BYTES)
      throw new ChangeReportsError(
        `CHANGE_REPORTS_DIR: ${file} is ${(stats.size / 1024 / 1024).toFixed(0)} MB, more than the ${MAX_REPORT_BYTES / 1024 / 1024} MB a change report may be`,
      );
    // Read to at most the cap, even if it grows meanwhile.
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_REPORT_BYTES) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length)
        throw new ChangeReportsError(
          `CHANGE_REPORTS_DIR: ${file} grew while it was read; start again once it is written`,
        );
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof ChangeReportsError) throw error;
    throw new ChangeReportsError(
      `CHANGE_REPORTS_DIR: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  } finally {
    await handle.close();
  }
}

export async function loadChangeReports(dir: string | undefined): Promise<ChangeReports> {
  if (dir === undefined) return NO_CHANGE_REPORTS;
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch {
    throw new ChangeReportsError(`CHANGE_REPORTS_DIR: cannot read the folder ${dir}`);
  }
  const byName = new Map<string, ChangeReport>();
  const pairs: ReportPair[] = [];
  for (const file of files) {
    const text = await readReport(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ChangeReportsError(`CHANGE_REPORTS_DIR: ${file} is not JSON`);
    }
    const parsed = ChangeReportSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ChangeReportsError(
        `CHANGE_REPORTS_DIR: ${file} is not a change report (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
      );
    }
    const pair = reportPair(parsed.data.name);
    if (!pair)
      throw new ChangeReportsError(
        `CHANGE_REPORTS_DIR: ${file} is named "${parsed.data.name}", not ecoinvent-<release>-<system model>-ecoinvent-<release>-<system model>`,
      );
    const name = reportName(pair);
    if (byName.has(name))
      throw new ChangeReportsError(`CHANGE_REPORTS_DIR: ${file} repeats the report ${name}`);
    byName.set(name, parsed.data);
    pairs.push(pair);
  }
  return { get: (pair) => byName.get(reportName(pair)), pairs, dir };
}
