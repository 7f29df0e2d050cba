import { MAX_LIST_ENTRIES, MAX_NAME_LENGTH, type ListEntry } from './api/routes';
import { parseLookupKey } from './lookup';
import { normaliseName } from './matching/names';
import { readCsv } from './csv';

/**
 * A list of datasets as people paste or upload it: one entry a line (Dataset IDs, activity or
 * product Spold UUIDs, ecoSpold file names), or a CSV file with a header row naming its columns
 * (an ID, UUID or file-name column, or activity, product and geography). Comma, semicolon and
 * tab separators; quoted fields as RFC 4180 writes them; lines starting with `#` are comments.
 */

export interface ListProblem {
  line: number;
  kind: 'malformed' | 'duplicate';
  message: string;
}

export type ParsedList =
  | { ok: true; format: 'lines' | 'csv'; entries: ListEntry[]; problems: ListProblem[] }
  | { ok: false; error: string };

/** Lines read at most, so a pasted file of millions never hangs the page. */
const MAX_LINES = 5 * MAX_LIST_ENTRIES;

type Column =
  'id' | 'uuid' | 'activity_uuid' | 'product_uuid' | 'file' | 'activity' | 'product' | 'geography';

/** Header names people use, compared in lower case with spaces for `_` and `-`. */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  id: ['id', 'dataset id', 'datasetid', 'dataset'],
  uuid: ['uuid', 'spold uuid'],
  activity_uuid: ['activity uuid', 'activity spold uuid', 'activity id'],
  product_uuid: ['product uuid', 'product spold uuid', 'reference product uuid', 'product id'],
  file: ['file', 'file name', 'filename', 'spold', 'spold file', 'ecospold file'],
  activity: ['activity', 'activity name'],
  product: ['product', 'product name', 'reference product'],
  geography: ['geography', 'location', 'geo', 'country', 'region'],
};

const columnOf = (header: string): Column | undefined => {
  const name = header.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return (Object.keys(COLUMN_NAMES) as Column[]).find((column) =>
    COLUMN_NAMES[column].includes(name),
  );
};

const SEPARATORS = [',', ';', '\t'];

/** The header row's columns, when the first line names at least one known column. */
function header(first: string) {
  for (const separator of SEPARATORS) {
    const names = readCsv(first, separator)[0]?.cells ?? [];
    if (names.length < 2 && separator !== ',') continue;
    const columns = names.map(columnOf);
    if (columns.some((column) => column !== undefined)) return { separator, columns };
  }
  return undefined;
}

/**
 * An entry as the user gave it, in words: `Dataset ID 8279`, `UUID …`, the file name (after
 * `file ` in a message about the line), or the names joined by `separator`.
 */
export function describeEntry(
  entry: ListEntry,
  form: { separator: string; fileWord: boolean } = { separator: ' | ', fileWord: true },
): string {
  switch (entry.kind) {
    case 'id':
      return `Dataset ID ${entry.id}`;
    case 'uuid':
      return `UUID ${entry.uuid}`;
    case 'file':
      return `${form.fileWord ? 'file ' : ''}${entry.activity_uuid}_${entry.product_uuid}.spold`;
    case 'names':
      return [entry.activity, entry.product, entry.geography].join(form.separator);
  }
}

const keyOf = (entry: ListEntry): string => {
  switch (entry.kind) {
    case 'id':
      return `id:${entry.id}`;
    case 'uuid':
      return `uuid:${entry.uuid}`;
    case 'file':
      return `file:${entry.activity_uuid}_${entry.product_uuid}`;
    case 'names':
      return `names:${normaliseName(entry.activity)}|${normaliseName(entry.product)}|${normaliseName(entry.geography)}`;
  }
};

/** One value: a Dataset ID, a UUID or an ecoSpold file name; the reason it is none of them. */
function single(line: number, value: string): ListEntry | string {
  const key = parseLookupKey(value);
  switch (key.kind) {
    case 'dataset-id':
      return { line, kind: 'id', id: key.id };
    case 'uuid':
      return { line, kind: 'uuid', uuid: key.uuid };
    case 'spold-file':
      return { line, kind: 'file', activity_uuid: key.activityUuid, product_uuid: key.productUuid };
    case 'invalid':
      return key.reason.replace(/ To search by name, use dataset search\.$/, '');
  }
}

/** A CSV row by its named columns: the first identifier it has, else its three names. */
function fromColumns(line: number, value: (column: Column) => string): ListEntry | string {
  for (const column of ['id', 'file', 'uuid'] as const) {
    const text = value(column);
    if (text !== '') return single(line, text);
  }
  const activityUuid = value('activity_uuid');
  const productUuid = value('product_uuid');
  if (activityUuid !== '' && productUuid !== '')
    return single(line, `${activityUuid}_${productUuid}.spold`);
  if (activityUuid !== '' || productUuid !== '') return single(line, activityUuid || productUuid);
  const names = {
    activity: value('activity'),
    product: value('product'),
    geography: value('geography'),
  };
  const missing = (Object.keys(names) as (keyof typeof names)[]).filter(
    (name) => names[name] === '',
  );
  if (missing.length === 3) return 'The line has no Dataset ID, UUID, file name or names.';
  if (missing.length > 0) return `The line names a dataset without its ${missing.join(' and ')}.`;
  const long = (Object.keys(names) as (keyof typeof names)[]).find(
    (name) => names[name].length > MAX_NAME_LENGTH,
  );
  if (long) return `The ${long} is longer than ${MAX_NAME_LENGTH} characters.`;
  return { line, kind: 'names', ...names };
}

/** Reads a pasted or uploaded list; problems are reported by line and never stop the rest. */
export function parseDatasetList(input: string): ParsedList {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lineCount = text.split('\n').length;
  if (lineCount > MAX_LINES)
    return {
      ok: false,
      error: `The list has ${lineCount} lines; an upgrade check reads at most ${MAX_LIST_ENTRIES} entries. Split it into several lists.`,
    };
  const firstLine =
    text.split('\n').find((l) => l.trim() !== '' && !l.trim().startsWith('#')) ?? '';
  const columns = header(firstLine);
  const entries: ListEntry[] = [];
  const problems: ListProblem[] = [];
  const seen = new Map<string, number>();
  const add = (line: number, parsed: ListEntry | string) => {
    if (typeof parsed === 'string') {
      problems.push({ line, kind: 'malformed', message: parsed });
      return;
    }
    const key = keyOf(parsed);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        line,
        kind: 'duplicate',
        message: `Repeats line ${first} (${describeEntry(parsed)}).`,
      });
      return;
    }
    seen.set(key, line);
    entries.push(parsed);
  };

  if (columns) {
    const [, ...rows] = readCsv(text, columns.separator).filter(
      (row) => !(row.cells[0] ?? '').trim().startsWith('#'),
    );
    for (const row of rows) {
      const value = (column: Column) => row.cells[columns.columns.indexOf(column)]?.trim() ?? '';
      add(row.line, fromColumns(row.line, value));
    }
  } else {
    text.split('\n').forEach((raw, index) => {
      // A column copied from a spreadsheet may keep a separator or quotes around the value.
      const value = raw
        .trim()
        .replace(/[,;\t]+$/, '')
        .replace(/^"(.*)"$/, '$1')
        .trim();
      if (value === '' || value.startsWith('#')) return;
      const parsed = single(index + 1, value);
      add(
        index + 1,
        typeof parsed === 'string' && /[,;\t]/.test(value)
          ? `${parsed} A CSV needs a header row naming its columns: id, file, uuid, or activity, product and geography.`
          : parsed,
      );
    });
  }
  if (entries.length > MAX_LIST_ENTRIES)
    return {
      ok: false,
      error: `The list has ${entries.length} entries; an upgrade check takes at most ${MAX_LIST_ENTRIES}. Split it into several lists.`,
    };
  return { ok: true, format: columns ? 'csv' : 'lines', entries, problems };
}
