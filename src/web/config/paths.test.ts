import { describe, expect, it } from 'vitest';
import { paths, switchRelease } from './paths';
import { searches } from './routes';

describe('release paths', () => {
  it('keeps the page when the release changes', () => {
    expect(switchRelease('/3.11/cutoff', { version: '3.12', systemModel: 'apos' })).toBe(
      '/3.12/apos',
    );
    expect(
      switchRelease('/3.11/cutoff/datasets/42', { version: '3.12', systemModel: 'cutoff' }),
    ).toBe('/3.12/cutoff/datasets/42');
  });

  it('encodes segments so a strange name cannot change the path', () => {
    expect(paths.release({ version: '3.12', systemModel: 'a/b' })).toBe('/3.12/a%2Fb');
  });

  it('builds each link with the schema its page reads it with', () => {
    const release = { version: '3.12', systemModel: 'cutoff' };
    const href = paths.datasets(release, { q: 'cement', geography: 'Germany (DE)', page: 2 });
    expect(href).toBe('/3.12/cutoff/datasets?q=cement&geography=Germany+%28DE%29&page=2');
    const read = searches.datasets.parse(new URL(href, 'http://x').searchParams);
    expect(read).toMatchObject({ q: 'cement', geography: 'Germany (DE)', page: 2, size: 20 });
    expect(paths.compare(release, { ds: [1, 2], ind: [882], sort: 882, dir: 'desc' })).toBe(
      '/3.12/cutoff/compare?ds=1,2&ind=882&sort=882',
    );
  });

  it('builds the across-release pages’ links, junk in their search read as the default', () => {
    const release = { version: '3.12', systemModel: 'cutoff' };
    expect(paths.history(release, 8279, { ind: [882] })).toBe(
      '/3.12/cutoff/datasets/8279/history?ind=882',
    );
    const changes = paths.changes(release, { from: '3.11', change: 'moved', sector: 'Cement' });
    expect(changes).toBe('/3.12/cutoff/changes?from=3.11&change=moved&sector=Cement');
    expect(searches.changes.parse('from=../x&change=lost')).toMatchObject({
      from: undefined,
      change: undefined,
    });
  });
});
