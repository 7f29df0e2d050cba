import type { CheckRow } from '../api/evidence';
import { readCsv } from '../csv';
import { SCORES_FORMAT, type SCORES_HEADER } from './table';

/**
 * A saved scores export read back (the tidy layout, src/shared/scores/table.ts), as CSV or as
 * the JSON every export of it writes (`{ schema, …, rows: [{column: value}] }`), into the rows a
 * check of its evidence takes. `row` is where each stands: a spreadsheet's row number for CSV
 * (the header is row 1), the index in `rows` for JSON.
 */
export interface SavedScores {
  kind: 'csv' | 'json';
  /** The layout named in the file (`lci-explorer.scores/2`). */
  format: string;
  rows: CheckRow[];
}

/** The file is not a scores export the explorer can read; the message says why. */
export class SavedScoresError extends Error {}

type Column = (typeof SCORES_HEADER)[number];
/** The columns a check needs; the rest are for people. */
const NEEDED: readonly Column[] = [
  'version',
  'system_model',
  'dataset_id',
  'indicator_id',
  'score',
  'unit',
];

/** A cell as text: empty, null or absent is none; an object or a list is not a cell. */
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
};

function toRow(row: number, get: (column: Column) => unknown): CheckRow {
  const where = `row ${row}`;
  const whole = (column: Column) => {
    const value = Number(get(column));
    if (!Number.isInteger(value) || value <= 0)
      throw new SavedScoresError(`${where}: ${column} is not a positive whole number`);
    return value;
  };
  const scoreText = text(get('score'));
  const score = scoreText === null ? null : Number(scoreText);
  if (score !== null && !Number.isFinite(score))
    throw new SavedScoresError(`${where}: score “${scoreText}” is not a number`);
  return {
    row,
    service: text(get('service')),
    version: text(get('version')) ?? '',
    system_model: text(get('system_model')) ?? '',
    dataset_id: whole('dataset_id'),
    activity_uuid: text(get('activity_uuid')),
    product_uuid: text(get('product_uuid')),
    indicator_id: whole('indicator_id'),
    score,
    unit: text(get('unit')),
    retrieved_at: text(get('retrieved_at')),
    digest: text(get('evidence_digest')),
  };
}

function checkColumns(present: readonly string[], what: string) {
  const missing = NEEDED.filter((column) => !present.includes(column));
  if (missing.length > 0)
    throw new SavedScoresError(
      `${what} is not a scores export of the explorer (${SCORES_FORMAT}): it has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}`,
    );
}

function readJson(value: unknown): SavedScores {
  if (typeof value !== 'object' || value === null || !('rows' in value))
    throw new SavedScoresError('the JSON has no “rows”: it is not a scores export of the explorer');
  const { rows } = value;
  const format = 'schema' in value ? String(value.schema) : '';
  if (!Array.isArray(rows)) throw new SavedScoresError('“rows” in the JSON is not a list');
  const records = rows.map((row: unknown, i) => {
    if (typeof row !== 'object' || row === null)
      throw new SavedScoresError(`rows[${i}] is not an object`);
    return row as Record<string, unknown>;
  });
  checkColumns(Object.keys(records[0] ?? {}), 'The JSON');
  return {
    kind: 'json',
    format,
    rows: records.map((record, i) => toRow(i, (column) => record[column])),
  };
}

function readCsvFile(content: string): SavedScores {
  const [header, ...records] = readCsv(content);
  if (!header) throw new SavedScoresError('the file is empty');
  const names = header.cells.map((cell) => cell.trim());
  checkColumns(names, 'The CSV');
  const at = new Map(names.map((name, i) => [name, i]));
  const formatAt = at.get('format');
  const format = formatAt === undefined ? '' : (records[0]?.cells[formatAt] ?? '');
  return {
    kind: 'csv',
    format,
    rows: records.map((record, i) =>
      toRow(i + 2, (column) => {
        const index = at.get(column);
        return index === undefined ? null : record.cells[index];
      }),
    ),
  };
}

/** Reads a saved export; throws `SavedScoresError` saying what is wrong with it. */
export function readSavedScores(content: string): SavedScores {
  const trimmed = content.trimStart();
  if (trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new SavedScoresError(`the JSON cannot be read: ${(error as Error).message}`);
    }
    return readJson(value);
  }
  return readCsvFile(content.replace(/^\uFEFF/, ''));
}
