/**
 * What a spreadsheet reads as the start of a formula (or, for tab and carriage return, may
 * shift into one): `=`, `+`, `-`, `@`, tab, carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet shows it, never evaluates it: one that starts like a formula
 * gets a leading `'`, which Excel, LibreOffice and Google Sheets take as "this is text". Names
 * come from the data service and change reports; quoting alone does not stop
 * `=HYPERLINK(…)` or `+cmd|' /C calc'!A0` from running when the file is opened.
 */
function textCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Rows to CSV: numbers as numbers (negative ones too), text neutralised where it would start a
 * formula (`textCell`), cells quoted where they hold a comma, quote or line break; one trailing
 * newline. Every CSV the explorer and the command line write goes through here.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    const text = typeof value === 'number' ? String(value) : textCell(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}

export interface CsvRow {
  line: number;
  cells: string[];
}

/** A cell `toCsv` neutralised, as it was: the explorer's own export read back is what it wrote. */
const untext = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * RFC 4180 records with the line each starts on, blank ones left out; a quoted field may hold
 * separators and lines. Reads lists people paste, and the explorer's own exports (a name `toCsv`
 * wrote as `'=…` reads back as `=…`).
 */
export function readCsv(text: string, separator = ','): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.push({ line: start, cells: [...cells, cell].map(untext) });
      cells = [];
      cell = '';
      start = ++line;
    } else if (ch !== '\r') cell += ch;
  }
  if (cells.length > 0 || cell !== '')
    rows.push({ line: start, cells: [...cells, cell].map(untext) });
  return rows.filter((row) => row.cells.some((c) => c.trim() !== ''));
}
