/** Rows to CSV: cells quoted where they hold a comma, quote or line break; one trailing newline. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}

export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 records with the line each starts on, blank ones left out; a quoted field may hold
 * separators and lines. Reads lists people paste, and the explorer's own exports in tests.
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
      rows.push({ line: start, cells: [...cells, cell] });
      cells = [];
      cell = '';
      start = ++line;
    } else if (ch !== '\r') cell += ch;
  }
  if (cells.length > 0 || cell !== '') rows.push({ line: start, cells: [...cells, cell] });
  return rows.filter((row) => row.cells.some((c) => c.trim() !== ''));
}
