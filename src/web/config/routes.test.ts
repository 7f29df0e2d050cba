import { describe, expect, it } from 'vitest';
import { searches } from './routes';
import { parseIdList } from '../lib/search-params';

describe('URL state', () => {
  it('reads an indicator set, dropping junk and repeats, at most 100', () => {
    expect(parseIdList('882, 990,abc,882,-1,0')).toEqual([882, 990]);
    expect(searches.dataset.parse('').ind).toEqual([]);
    const long = Array.from({ length: 150 }, (_, i) => i + 1).join(',');
    expect(searches.dataset.parse(`?ind=${long}`).ind).toHaveLength(100);
  });

  it('reads a page number within bounds, and junk as the default', () => {
    expect(searches.datasets.parse('?page=3').page).toBe(3);
    expect(searches.datasets.parse('?page=0').page).toBe(1);
    expect(searches.datasets.parse('?page=x').page).toBe(1);
    expect(searches.datasets.parse('?page=99999').page).toBe(10_000);
    expect(searches.datasets.parse('?size=7').size).toBe(20);
    expect(searches.datasets.parse('?size=50').size).toBe(50);
  });

  it('writes what it reads, defaults left out and commas readable', () => {
    const href = searches.compare.format({
      ds: [{ id: 8279 }, { id: 2989 }],
      ind: [],
      mode: 'methods',
      theme: 'climate change',
      view: 'absolute',
    });
    expect(href).toBe('?ds=8279,2989&mode=methods');
    expect(searches.compare.parse(href)).toMatchObject({
      ds: [{ id: 8279 }, { id: 2989 }],
      mode: 'methods',
    });
    expect(searches.datasets.format({ page: 1, size: 20, q: 'cement' })).toBe('?q=cement');
  });
});
