import { describe, expect, it } from 'vitest';
import { pageParams, PagingError, readRange, type Page } from './paging';

// Reading a list by evidence, against lists that page in the ways services do: the pure
// algorithm, each case a list a service could send.
const items = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A list of `n` paged at `cap` a page, with or without a total, or ignoring `from` altogether. */
function list(n: number, options: { cap?: number; total?: boolean; ignoresFrom?: boolean } = {}) {
  const asked: [number, number][] = [];
  const fetch = async (from: number, size: number): Promise<Page<number>> => {
    asked.push([from, size]);
    const start = options.ignoresFrom ? 0 : from;
    return {
      items: items(n).slice(start, start + Math.min(size, options.cap ?? size)),
      total: options.total === false ? undefined : n,
    };
  };
  return { fetch, asked };
}

const read = (
  fetch: (from: number, size: number) => Promise<Page<number>>,
  range: { from?: number; count?: number; pageSize?: number; aligned?: boolean } = {},
) =>
  readRange({
    route: 'GET /list',
    fetch,
    pageSize: range.pageSize ?? 10,
    alignedPages: range.aligned ?? false,
    from: range.from ?? 0,
    count: range.count ?? Infinity,
    key: (item) => item,
    maxItems: 1000,
  });

describe('reading a list to the end', () => {
  it('follows full pages, stops at a short one, and checks the total', async () => {
    const { fetch, asked } = list(25);
    expect(await read(fetch)).toMatchObject({ items: items(25), total: 25, pages: 3 });
    expect(asked).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('without a total, asks one page past a short one to tell the end from a silent cap', async () => {
    const { fetch, asked } = list(25, { total: false });
    expect(await read(fetch)).toMatchObject({ items: items(25), total: 25 });
    expect(asked.at(-1)).toEqual([25, 10]);
    const capped = list(25, { total: false, cap: 7 });
    await expect(read(capped.fetch)).rejects.toThrow(/a page of 7 came where 10 were asked/);
  });

  it('refuses pages smaller than the total says, never answering a shorter list', async () => {
    await expect(read(list(25, { cap: 7 }).fetch)).rejects.toThrow(
      /held 7 items where a total of 25 means 10/,
    );
  });

  it('refuses a page that repeats an earlier one (a paging parameter the service ignores)', async () => {
    const error = await read(list(25, { ignoresFrom: true, total: false }).fetch).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PagingError);
    expect((error as PagingError).message).toContain('repeats items of an earlier page');
  });

  it('takes a whole list sent in one answer, paging parameters ignored', async () => {
    const whole = async (): Promise<Page<number>> => ({ items: items(25), total: undefined });
    expect(await read(whole)).toMatchObject({ items: items(25), whole: true });
    // Shorter than a page, sent again for page 2: still the whole list.
    const short = async (): Promise<Page<number>> => ({ items: items(5), total: undefined });
    expect(await read(short)).toMatchObject({ items: items(5), total: 5 });
  });

  it('reads a range in pages of page numbers, aligned to the page size', async () => {
    const { fetch, asked } = list(100);
    const range = await read(fetch, { from: 15, count: 10, aligned: true });
    expect(range.items).toEqual(items(25).slice(15));
    expect(asked).toEqual([
      [10, 10],
      [20, 10],
    ]);
    expect(pageParams('page', 20, 10)).toEqual([
      ['page', '3'],
      ['limit', '10'],
    ]);
    expect(pageParams('page0', 20, 10)[0]).toEqual(['page', '2']);
  });
});
