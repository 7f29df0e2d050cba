import type { Citation } from '../../../shared/citation';
import { systemModelLabel, type ReleaseRef } from '../../../shared/versions';

/**
 * A static report of what a page shows, for people outside the licence: ecoinvent's licence lets
 * a licensee share calculated results with others statically (a PDF, a printed page), not
 * through a tool. A page builds it only from what it has already loaded (never a new score);
 * the print view (`ReportView`) and the PDF (`reportPdf`) both render this one model.
 */

/** A cell: text, or an exact number (written as JavaScript writes it: nothing rounded away). */
export type ReportCell = string | number | null;

export interface ReportTable {
  title: string;
  header: readonly string[];
  rows: readonly (readonly ReportCell[])[];
  /** Relative widths of the columns (default equal). */
  widths?: readonly number[];
}

/** A bar chart: one bar per value, all of one unit (bars of different units are not comparable). */
export interface ReportChart {
  title: string;
  unit: string;
  bars: readonly { label: string; value: number }[];
}

export interface Report {
  title: string;
  /** A line under the title: what the report is of. */
  subtitle: string;
  /** The release(s) the numbers are calculated data of. */
  releases: readonly ReleaseRef[];
  /** The organisation holding the licence (`/api/config`); null when the operator named none. */
  licenceHolder: string | null;
  /** The page the report was made from: for colleagues on the licence only. */
  link: string;
  made: Date;
  tables: readonly ReportTable[];
  charts: readonly ReportChart[];
  /** Where the numbers came from, as label and value (`provenanceFields`). */
  provenance: readonly (readonly [string, string | number])[];
  citation: Citation;
}

/** A report's cell as text: numbers exact, none said as such. */
export const cellText = (cell: ReportCell): string =>
  cell === null ? '—' : typeof cell === 'number' ? String(cell) : cell;

/**
 * The line every page of a report carries: whose calculated data of which release it is, and
 * what it may be used for.
 */
export function reportMarking(report: Pick<Report, 'releases' | 'licenceHolder'>): string {
  const releases = report.releases
    .map((r) => `ecoinvent ${r.version} (${systemModelLabel(r.systemModel)})`)
    .join(', ');
  const holder =
    report.licenceHolder ?? 'its licence holder (not named: the operator sets LICENCE_HOLDER)';
  return `Calculated data of ${releases}, under the ecoinvent licence of ${holder}. A static report of calculated results.`;
}

/**
 * A table too wide for a page (a comparison of 20 datasets) as several, each with the first
 * `fixed` columns (what a row is) and at most `per` of the rest, titled by which they hold.
 */
export function splitColumns(table: ReportTable, fixed: number, per: number): ReportTable[] {
  const rest = table.header.length - fixed;
  if (rest <= per) return [table];
  const parts: ReportTable[] = [];
  for (let from = fixed; from < table.header.length; from += per) {
    const to = Math.min(from + per, table.header.length);
    const pick = <T>(cells: readonly T[]) => [...cells.slice(0, fixed), ...cells.slice(from, to)];
    parts.push({
      title: `${table.title} (columns ${from - fixed + 1}–${to - fixed} of ${rest})`,
      header: pick(table.header),
      rows: table.rows.map(pick),
      ...(table.widths && { widths: pick(table.widths) }),
    });
  }
  return parts;
}
