/**
 * What the emulator's `formula_names` deviation starts names with, one of each kind OWASP lists:
 * a test that checks exports sees each of them come through.
 */
export const FORMULA_STARTS = ['=HYPERLINK(', "+cmd|' /C calc'!A0", '@SUM(1)', '-1+1', '\t'];

/**
 * The cells of a CSV a spreadsheet would evaluate: those starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return, unless the whole cell is a number. Read as RFC 4180 fields, as a
 * spreadsheet reads them, without undoing anything.
 */
export function formulaCells(csv: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const end = () => {
    cells.push(cell);
    cell = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const ch = csv.charAt(i);
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',' || ch === '\n') end();
    else cell += ch;
  }
  if (cell !== '') end();
  return cells.filter(
    (value) => /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value),
  );
}
