import type { Provenance } from '../../shared/api/provenance';
import { toCsv } from '../../shared/csv';

/** A cell of an export: a number stays a number in a spreadsheet; null is an empty cell. */
type ExportCell = string | number | null;

/** One table of an export: a CSV file, or a sheet of a workbook. */
export interface ExportTable {
  /** The sheet's name in a workbook (at most 31 characters, as spreadsheets allow). */
  sheet: string;
  header: readonly string[];
  rows: readonly (readonly ExportCell[])[];
  /**
   * The layout's name and version (`lci-explorer.scores/2`), written into the file (a last CSV
   * column, a line of the workbook's Query sheet) so a script notices when the layout changes.
   */
  format: string;
}

/**
 * What an export was made from, written as its own sheet of a workbook so the file says where
 * its numbers came from and opens the same view again: a title, the page's link, and the query
 * as label and value (release, system model, datasets, indicators, order …).
 */
export interface ExportQuery {
  title: string;
  link: string;
  fields: readonly (readonly [label: string, value: string | number])[];
}

/** What a page exports: its tables, and the query that made them. */
export interface PageExport {
  tables: readonly ExportTable[];
  query: ExportQuery;
}

/** A table as CSV: exact values, empty cells for none, and the layout's name in a last column. */
export function tableToCsv(table: ExportTable): string {
  return toCsv([
    [...table.header, 'format'],
    ...table.rows.map((row) => [...row.map((cell) => cell ?? ''), table.format]),
  ]);
}

/**
 * A table as JSON, as the command line writes it too: the layout's name as `schema`, what the
 * file says about itself, and one object per row keyed by the header (so a tidy table gives
 * every value with its own provenance).
 */
export function tableToJson(table: ExportTable, about: Record<string, unknown> = {}): string {
  const rows = table.rows.map((row) =>
    Object.fromEntries(table.header.map((name, i) => [name, row[i] ?? null])),
  );
  return `${JSON.stringify({ schema: table.format, ...about, rows }, null, 2)}\n`;
}

/**
 * Where an export's values came from, as lines of its Query sheet (or a wide file's header):
 * the data services, explorer versions, the span of retrieval times and every evidence digest,
 * each once. A wide table has no room for them per value; a tidy one has them on every row too.
 * Values without provenance are counted, never left unsaid.
 */
export function provenanceFields(
  values: readonly (Provenance | undefined)[],
): [label: string, value: string | number][] {
  const known = values.filter((value): value is Provenance => value !== undefined);
  const each = (pick: (p: Provenance) => string) => [...new Set(known.map(pick))].sort();
  const times = each((p) => p.retrieved_at);
  const missing = values.length - known.length;
  return [
    ['Data service', each((p) => p.service).join(', ') || 'not given'],
    [
      'Retrieved',
      times.length === 0
        ? 'not given'
        : times.length === 1
          ? (times[0] ?? '')
          : `${times[0] ?? ''} to ${times.at(-1) ?? ''}`,
    ],
    ['Explorer version', each((p) => p.explorer_version).join(', ') || 'not given'],
    ['Evidence digests', each((p) => p.digest).join(' ') || 'none'],
    ...(missing > 0 ? [['Values without provenance', missing] as [string, number]] : []),
  ];
}

const QUERY_SHEET = 'Query';

/**
 * Tables as an XLSX workbook, one sheet each and a last sheet recording the query and its link.
 * The library is loaded here, on the first export, never with the page: a person who never
 * exports never downloads it.
 */
export async function tablesToXlsx(
  tables: readonly ExportTable[],
  query: ExportQuery,
  exportedAt: Date = new Date(),
): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const sheets = tables.map((table) => ({
    sheet: table.sheet.slice(0, 31),
    stickyRowsCount: 1,
    columns: table.header.map((name) => ({ width: Math.min(60, Math.max(10, name.length + 2)) })),
    data: [
      table.header.map(bold),
      ...table.rows.map((row) => row.map((cell) => (cell === null ? null : { value: cell }))),
    ],
  }));
  const about: [string, string | number][] = [
    ['Export', query.title],
    ['Link', query.link],
    ['Exported', exportedAt.toISOString()],
    ['Made by', 'LCI Explorer'],
    ...tables.map((table): [string, string] => [
      `Format of ${table.sheet.slice(0, 31)}`,
      table.format,
    ]),
    ...query.fields.map(([label, value]): [string, string | number] => [label, value]),
  ];
  return writeXlsxFile([
    ...sheets,
    {
      sheet: QUERY_SHEET,
      columns: [{ width: 22 }, { width: 100 }],
      data: about.map(([label, value]) => [bold(label), { value }]),
    },
  ]).toBlob();
}
