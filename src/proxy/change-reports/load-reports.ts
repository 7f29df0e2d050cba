import { readdir, readFile } from 'node:fs/promises';
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
 * `name` (`ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff`).
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
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(dir, file), 'utf8'));
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
