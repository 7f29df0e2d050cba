import { describe, expect, it } from 'vitest';
import { columnToken, readColumns } from './compare-link';
import { paths } from './paths';
import { searches } from './routes';

const release = { version: '3.12', systemModel: 'cutoff' };

describe('a comparison link’s columns', () => {
  it('reads a link made before columns named a release: IDs of the page’s release', () => {
    const search = searches.compare.parse('?ds=8279,2989&base=2989');
    expect(search.ds).toEqual([{ id: 8279 }, { id: 2989 }]);
    expect(search.base).toEqual({ id: 2989 });
    expect(paths.compare(release, { ds: [8279, 2989] })).toBe('/3.12/cutoff/compare?ds=8279,2989');
  });

  it('reads and writes a column of another release or system model, readable in the link', () => {
    const search = searches.compare.parse('?ds=8279,8279@3.12/apos,534@3.10/cutoff');
    expect(search.ds).toEqual([
      { id: 8279 },
      { id: 8279, release: { version: '3.12', systemModel: 'apos' } },
      { id: 534, release: { version: '3.10', systemModel: 'cutoff' } },
    ]);
    expect(paths.compare(release, { ds: search.ds, base: search.ds[2] })).toBe(
      '/3.12/cutoff/compare?ds=8279,8279@3.12/apos,534@3.10/cutoff&base=534@3.10/cutoff',
    );
    // Written as the browser sends it, then read back: the same columns.
    const href = paths.compare(release, { ds: search.ds });
    expect(searches.compare.parse(new URL(href, 'http://x').search).ds).toEqual(search.ds);
  });

  it('says what it cannot read, and reads each column once', () => {
    const { columns, unreadable } = readColumns(
      '8279, 8279@3.12, 8279@3.12/apos/x, 1@a@b, 8279@../cutoff, x, 8279@3.12/apos, 0, 8279,534@3.10/cutoff',
    );
    expect(columns.map(columnToken)).toEqual(['8279', '8279@3.12/apos', '534@3.10/cutoff']);
    expect(unreadable).toEqual([
      '8279@3.12',
      '8279@3.12/apos/x',
      '1@a@b',
      '8279@../cutoff',
      'x',
      '0',
    ]);
    // The URL schema keeps what it can read, and falls back to none for a base it cannot.
    expect(searches.compare.parse('?ds=x,5&base=5@3.12').base).toBeUndefined();
    expect(searches.compare.parse('?ds=x,5&base=5@3.12').ds).toEqual([{ id: 5 }]);
  });
});
