import { ProxyError } from '../errors';

/**
 * How the data service's lists are paged, and reading a range of one by evidence: pages are
 * followed while they come back full and stop at a short one, whatever the `total` says (a
 * search engine may count exactly only up to a threshold and pass the bound on as the total);
 * a total, where the service gives one, is checked against what was read: fewer items than it
 * says, a page that repeats an earlier one, or pages that do not add up are a loud error (502
 * `upstream_paging`), never a shorter list; more items than it says make it a lower bound,
 * reported, and the list is what was read.
 */

/**
 * The paging parameters such services use: offset-like names, and page numbers (1-based
 * `page`, 0-based `page0`, both sent as `page`), each with `limit` as the page size.
 */
export const PAGING_STYLES = ['from', 'offset', 'skip', 'start', 'page', 'page0'] as const;
export type PagingStyle = (typeof PAGING_STYLES)[number];

/** Whether pages must start at a multiple of the page size (page numbers). */
export const aligned = (style: PagingStyle) => style === 'page' || style === 'page0';

/** The query parameters asking for `size` items from `from` (a multiple of `size` for pages). */
export function pageParams(style: PagingStyle, from: number, size: number): [string, string][] {
  const limit: [string, string] = ['limit', String(size)];
  if (style === 'page') return [['page', String(Math.floor(from / size) + 1)], limit];
  if (style === 'page0') return [['page', String(Math.floor(from / size))], limit];
  return [[style, String(from)], limit];
}

/** Pages that do not add up: the error names the route and what was seen, never values. */
export class PagingError extends ProxyError {
  constructor(route: string, problem: string) {
    super(502, 'upstream_paging', {
      detail: `The data service’s pages of ${route} do not add up (${problem}), so the explorer shows no part of the list as if it were all of it. npm run check:upstream finds the paging parameter and page size the service takes.`,
      hint: 'DATA_API_SEARCH_PAGING and DATA_API_PAGE_SIZE, as npm run check:upstream prints them',
      logged: { route, paging: problem },
    });
  }
}

export interface Page<T> {
  items: T[];
  /** The service's count of all items, when it gives one. */
  total: number | undefined;
}

export interface RangeOptions<T> {
  route: string;
  /** One page: `size` items from `from` (aligned to `size` when `alignedPages`). */
  fetch: (from: number, size: number) => Promise<Page<T>>;
  pageSize: number;
  alignedPages: boolean;
  from: number;
  /** How many items from `from`; Infinity reads to the end. */
  count: number;
  /** An item's identity, to notice a page that repeats an earlier one. */
  key: (item: T) => string | number;
  /** More items than this is an error, so a service that never stops cannot hold the proxy. */
  maxItems: number;
  /** Pages asked at once once the total is known (1: one after the other). */
  concurrency?: number;
}

export interface Range<T> {
  items: T[];
  /**
   * The list's total: counted when the end was read, else the service's (checked as far as
   * read); undefined when neither is known (no total, or one shown to be a lower bound).
   */
  total: number | undefined;
  /** Whether the end of the list was read, so `total` is a count, not a claim. */
  counted: boolean;
  /** The service's own total, as it said it (on every page alike). */
  claimed: number | undefined;
  /** Whether more items were listed than the service's total says: it is a lower bound. */
  short: boolean;
  pages: number;
  /** Whether the service sent the whole list in one answer, paging parameters ignored. */
  whole: boolean;
}

/** Items `[from, from + count)` of a paged list, read by evidence (see the module's comment). */
export async function readRange<T>(options: RangeOptions<T>): Promise<Range<T>> {
  const { route, key } = options;
  const end = options.from + options.count;
  // Page numbers need pages of one size from a multiple of it: the caller's own, when its
  // range is one such page (the explorer's search pages are), else the configured size.
  const unit =
    options.alignedPages &&
    !(options.count <= options.pageSize && options.from % options.count === 0)
      ? options.pageSize
      : Math.min(
          options.pageSize,
          Number.isFinite(options.count) ? options.count : options.pageSize,
        );
  const start = options.alignedPages ? Math.floor(options.from / unit) * unit : options.from;
  const skip = options.from - start;
  const sizeAt = (at: number) =>
    options.alignedPages ? unit : Math.max(1, Math.min(unit, end - at));
  const seen = new Set<string | number>();
  const items: T[] = [];
  let total: number | undefined;
  // An object: `take` sets it in a closure, which TypeScript's narrowing does not follow.
  const listed = { pastTotal: false };
  let pages = 0;

  const take = (at: number, asked: number, page: Page<T>) => {
    pages++;
    if (page.total !== undefined) {
      if (total !== undefined && page.total !== total)
        throw new PagingError(
          route,
          `its total changed from ${total} to ${page.total} between pages`,
        );
      total = page.total;
    }
    if (page.items.length > asked)
      throw new PagingError(
        route,
        `${page.items.length} items came for a page of ${asked} from ${at}`,
      );
    for (const item of page.items) {
      const id = key(item);
      if (seen.has(id))
        throw new PagingError(
          route,
          `the page from ${at} repeats items of an earlier page: the service does not page by the parameter the explorer sends`,
        );
      seen.add(id);
    }
    items.push(...page.items);
    if (items.length > options.maxItems)
      throw new PagingError(route, `more than ${options.maxItems} items`);
    // With a total, every page but the last is full and the last holds the rest. More than
    // that: the total is a lower bound, and the listing, not the total, says where it ends.
    if (total !== undefined) {
      const want = Math.max(0, Math.min(asked, total - at));
      if (page.items.length > want) listed.pastTotal = true;
      else if (page.items.length < want)
        throw new PagingError(
          route,
          `the page from ${at} held ${page.items.length} items where a total of ${total} means ${want}: the service's pages are smaller than the ${asked} asked for (DATA_API_PAGE_SIZE), or its total is wrong`,
        );
    }
    return page.items.length === asked;
  };

  const firstSize = sizeAt(start);
  const first = await options.fetch(start, firstSize);
  // More than a page, from the start: a service that ignores paging and sends the whole list.
  // (Its total may be a lower bound: the list is what it sent.)
  if (
    start === 0 &&
    first.items.length > firstSize &&
    (first.total === undefined || first.total <= first.items.length)
  ) {
    take(0, first.items.length, { items: first.items, total: first.items.length });
    return {
      items: items.slice(skip, skip + options.count),
      total: items.length,
      counted: true,
      claimed: first.total,
      short: first.total !== undefined && first.total < first.items.length,
      pages,
      whole: true,
    };
  }
  let full = take(start, firstSize, first);
  let at = start + first.items.length;

  if (full && total !== undefined && (options.concurrency ?? 1) > 1) {
    // With a total, the pages up to it are known and can be asked several at once; past it,
    // the pages are followed one at a time while they come back full.
    const offsets: number[] = [];
    for (let next = at; next < Math.min(end, total); next += sizeAt(next)) offsets.push(next);
    const answers = await mapLimit(offsets, options.concurrency ?? 1, (offset) =>
      options.fetch(offset, sizeAt(offset)),
    );
    answers.forEach((page, index) => {
      const offset = offsets[index] ?? 0;
      full = take(offset, sizeAt(offset), page);
    });
    at = start + items.length;
  }
  let last = { from: start, asked: firstSize, got: first.items.length };
  while (full && at < end) {
    const asked = sizeAt(at);
    const page = await options.fetch(at, asked);
    full = take(at, asked, page);
    last = { from: at, asked, got: page.items.length };
    at += page.items.length;
  }
  // A short page and no total: the end, or a service that gives fewer than asked without a
  // word (a page cap below DATA_API_PAGE_SIZE). One more page tells them apart.
  if (!full && total === undefined && last.got > 0 && at < end) {
    const next = options.alignedPages ? last.from + last.asked : at;
    const more = (await options.fetch(next, last.asked)).items.map(key);
    const whole = start === 0 && pages === 1 && more.length === items.length;
    if (more.length > 0 && !(whole && more.every((id) => seen.has(id))))
      throw new PagingError(
        route,
        `a page of ${last.got} came where ${last.asked} were asked, yet more followed and no total tells the end: the service's pages are smaller than DATA_API_PAGE_SIZE=${last.asked}`,
      );
  }
  // Read to the end: what was read is the whole list, and must be all its total said.
  const atEnd = !full;
  if (atEnd && total !== undefined && start < total && start + items.length < total)
    throw new PagingError(
      route,
      `${start + items.length} items read where its total says ${total}`,
    );
  return {
    items: items.slice(skip, skip + options.count),
    total: atEnd ? start + items.length : listed.pastTotal ? undefined : total,
    counted: atEnd,
    claimed: total,
    short: listed.pastTotal,
    pages,
    whole: false,
  };
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
