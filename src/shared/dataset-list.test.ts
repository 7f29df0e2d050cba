import { describe, expect, it } from 'vitest';
import { ListEntrySchema } from './api/routes';
import { parseDatasetList, type ParsedList } from './dataset-list';

const A = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const P = '1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';

const ok = (input: string) => {
  const parsed: ParsedList = parseDatasetList(input);
  if (!parsed.ok) throw new Error(parsed.error);
  // Whatever the parser produces is what the proxy's contract accepts.
  for (const entry of parsed.entries) expect(ListEntrySchema.parse(entry)).toEqual(entry);
  return parsed;
};

describe('a list with one entry a line', () => {
  it('reads Dataset IDs, UUIDs and ecoSpold file names, with their line numbers', () => {
    const parsed = ok(
      `8279\n\n${A.toUpperCase()}\n${A}_${P}.spold\nC:\\exports\\${P}_${A}.spold\n${P}_${A}`,
    );
    expect(parsed.format).toBe('lines');
    expect(parsed.entries).toEqual([
      { line: 1, kind: 'id', id: 8279 },
      { line: 3, kind: 'uuid', uuid: A },
      { line: 4, kind: 'file', activity_uuid: A, product_uuid: P },
      { line: 5, kind: 'file', activity_uuid: P, product_uuid: A },
    ]);
    // The last line is the same file as line 5 without its path and extension.
    expect(parsed.problems).toEqual([
      { line: 6, kind: 'duplicate', message: `Repeats line 5 (file ${P}_${A}.spold).` },
    ]);
  });

  it('takes a column copied from a spreadsheet: quotes, trailing separators, CRLF, a BOM', () => {
    const parsed = ok('\uFEFF"8279",\r\n2989;\r\n  7773\t\r\n# a comment\r\n');
    expect(parsed.entries.map((e) => (e.kind === 'id' ? [e.line, e.id] : []))).toEqual([
      [1, 8279],
      [2, 2989],
      [3, 7773],
    ]);
  });

  it('reports malformed lines and duplicates by line number, and keeps the rest', () => {
    const parsed = ok(`8279\nnot an id\n0\n8279\n${A}.spold\nelectricity, high voltage, DE\n2989`);
    expect(parsed.entries.map((e) => e.line)).toEqual([1, 7]);
    expect(parsed.problems.map((p) => [p.line, p.kind])).toEqual([
      [2, 'malformed'],
      [3, 'malformed'],
      [4, 'duplicate'],
      [5, 'malformed'],
      [6, 'malformed'],
    ]);
    expect(parsed.problems[2]?.message).toBe('Repeats line 1 (Dataset ID 8279).');
    expect(parsed.problems[1]?.message).toMatch(/not a Dataset ID/);
    expect(parsed.problems[3]?.message).toMatch(/two UUIDs joined by "_"/);
    expect(parsed.problems[4]?.message).toMatch(/header row/);
  });

  it('counts a file name given twice, with and without its extension, once', () => {
    const parsed = ok(`${A}_${P}.spold\n${A}_${P}`);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([
      { line: 2, kind: 'duplicate', message: `Repeats line 1 (file ${A}_${P}.spold).` },
    ]);
  });
});

describe('a CSV file with a header row', () => {
  it('reads activity, product and geography columns, with quoted fields', () => {
    const parsed = ok(
      [
        'Activity,Reference product,Location,amount',
        '"market for electricity, high voltage","electricity, high voltage",MX,1',
        '"cement production, ""Portland""",cement,CH,2',
      ].join('\n'),
    );
    expect(parsed.format).toBe('csv');
    expect(parsed.entries).toEqual([
      {
        line: 2,
        kind: 'names',
        activity: 'market for electricity, high voltage',
        product: 'electricity, high voltage',
        geography: 'MX',
      },
      {
        line: 3,
        kind: 'names',
        activity: 'cement production, "Portland"',
        product: 'cement',
        geography: 'CH',
      },
    ]);
  });

  it('takes semicolons and tabs, ID, file, and UUID columns, and the first identifier of a row', () => {
    expect(ok(`dataset_id;activity\n8279;x\n;y`).problems).toEqual([
      {
        line: 3,
        kind: 'malformed',
        message: 'The line names a dataset without its product and geography.',
      },
    ]);
    const tabs = ok(`activity_uuid\tproduct_uuid\n${A}\t${P}\n${A}\t\n\t${P}`);
    expect(tabs.entries).toEqual([
      { line: 2, kind: 'file', activity_uuid: A, product_uuid: P },
      { line: 3, kind: 'uuid', uuid: A },
      { line: 4, kind: 'uuid', uuid: P },
    ]);
    expect(ok(`file name\n${A}_${P}.spold`).entries).toEqual([
      { line: 2, kind: 'file', activity_uuid: A, product_uuid: P },
    ]);
    expect(ok(`uuid,comment\n${P},"our, supplier"`).entries).toEqual([
      { line: 2, kind: 'uuid', uuid: P },
    ]);
  });

  it('numbers rows by the line they start on when a quoted field spans lines', () => {
    const parsed = ok('id,note\n8279,"two\nlines"\n2989,x\nabc,y');
    expect(parsed.entries.map((e) => e.line)).toEqual([2, 4]);
    expect(parsed.problems.map((p) => p.line)).toEqual([5]);
  });

  it('reports rows without names or identifiers, over-long names and duplicate names', () => {
    const long = 'x'.repeat(301);
    const parsed = ok(
      ['activity,product,geography', 'a,b,CH', ',,', `${long},b,CH`, ' A , b ,ch', 'a,,CH'].join(
        '\n',
      ),
    );
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([
      { line: 4, kind: 'malformed', message: 'The activity is longer than 300 characters.' },
      { line: 5, kind: 'duplicate', message: 'Repeats line 2 (A | b | ch).' },
      { line: 6, kind: 'malformed', message: 'The line names a dataset without its product.' },
    ]);
  });
});

describe('limits', () => {
  it('takes 10 000 entries and refuses more with a clear error', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join('\n');
    expect(ok(ids(10_000)).entries).toHaveLength(10_000);
    expect(parseDatasetList(ids(10_001))).toEqual({
      ok: false,
      error:
        'The list has 10001 entries; an upgrade check takes at most 10000. Split it into several lists.',
    });
    const huge = parseDatasetList('x\n'.repeat(60_000));
    expect(huge.ok).toBe(false);
  });

  it('reads an empty list as no entries', () => {
    expect(ok('  \n\n')).toEqual({ ok: true, format: 'lines', entries: [], problems: [] });
  });
});
