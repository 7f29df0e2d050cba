import { writeFile } from 'node:fs/promises';
import writeXlsxFile from 'write-excel-file/node';
import { toCsv } from '../shared/csv';
import { usageError } from './errors';
import type { Io } from './io';

export const FORMATS = ['csv', 'json', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

type Cell = string | number | null;

/** A table as every format writes it: the header names the columns, cells are exact values. */
export interface Table {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  /**
   * The layout's name and version, shared with the explorer's exports (`lci-explorer.scores/2`):
   * a last CSV column, `schema` in JSON, a line of the XLSX's About sheet.
   */
  format: string;
  /** What the file says about itself (JSON: top-level fields; XLSX: an "About" sheet). */
  about: Record<string, string | number | readonly (string | number)[]>;
}

/** Numbers as JavaScript writes them: the shortest text that reads back as the same value. */
function toJson(table: Table): string {
  const rows = table.rows.map((row) =>
    Object.fromEntries(table.header.map((name, i) => [name, row[i] ?? null])),
  );
  return `${JSON.stringify({ schema: table.format, ...table.about, rows }, null, 2)}\n`;
}

async function toXlsx(table: Table): Promise<Buffer> {
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const fields: Table['about'] = { format: table.format, ...table.about };
  const about = Object.entries(fields).map(([key, value]) => [
    bold(key),
    { value: Array.isArray(value) ? value.join(' ') : String(value) },
  ]);
  return writeXlsxFile([
    {
      sheet: 'Data',
      data: [
        table.header.map(bold),
        ...table.rows.map((row) => row.map((cell) => (cell === null ? null : { value: cell }))),
      ],
    },
    { sheet: 'About', data: about },
  ]).toBuffer();
}

/**
 * Writes the table to `out` (a file) or stdout. XLSX is binary: it goes to a file or a pipe,
 * never onto a terminal.
 */
export async function writeTable(table: Table, format: Format, out: string | undefined, io: Io) {
  const content =
    format === 'csv'
      ? toCsv([
          [...table.header, 'format'],
          ...table.rows.map((row) => [...row.map((cell) => cell ?? ''), table.format]),
        ])
      : format === 'json'
        ? toJson(table)
        : await toXlsx(table);
  if (out) {
    await writeFile(out, content);
    io.say(`Wrote ${table.rows.length} rows to ${out}.`);
    return;
  }
  if (format === 'xlsx' && io.stdout.isTTY)
    throw usageError('xlsx is a binary file: give --out file.xlsx, or redirect the output');
  await new Promise<void>((resolve, reject) =>
    io.stdout.write(content, (error) => (error ? reject(error) : resolve())),
  );
}
