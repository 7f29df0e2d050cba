import { MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import type { AdapterSettings } from '../adapter';
import { pageParams, PAGING_STYLES, type PagingStyle } from '../paging';
import { notAnAnswer } from './explain';
import type { RouteCheck } from './types';

/**
 * What `npm run check:upstream` finds out by asking rather than assuming: the largest page the
 * service gives (up to 100) and the parameter its search pages by, among the styles such
 * services use. Both become settings the proxy uses everywhere it pages or batches.
 */

/** One probe: a GET of the search with these parameters; status and body as answered. */
export type Ask = (
  name: string,
  extra: Record<string, string>,
) => Promise<{ status: number; body: unknown; error?: string }>;

/** Page sizes tried, largest first: 100 is the documented maximum, 10 its default. */
const SIZES = [MAX_PAGE_LIMIT, 50, 40, 25, 20, 10] as const;

export interface PageSizeFinding {
  /** The largest size asked for and given in full, or the cap a service applied silently. */
  size: number | undefined;
  notes: string[];
  /** The first page at `size`, for the paging probe. */
  firstPage: string[];
  total: number | undefined;
}

/**
 * A search page's rows, each as its whole JSON (its identity, to compare pages), and its total:
 * read leniently, so a shape the adapter refuses (reported by the search's own rows) still lets
 * the page size and paging be measured.
 */
function rowsOf(body: unknown): { results: string[]; total: number | undefined } | undefined {
  const answer = body as { results?: unknown; total?: unknown } | undefined;
  const rows = Array.isArray(body) ? body : answer?.results;
  if (!Array.isArray(rows)) return undefined;
  return {
    results: rows.map((row) => JSON.stringify(row)),
    total: typeof answer?.total === 'number' ? answer.total : undefined,
  };
}

async function findPageSize(ask: Ask): Promise<PageSizeFinding> {
  const notes: string[] = [];
  for (const size of SIZES) {
    const answer = await ask(`page-size-${size}`, { limit: String(size) });
    const failed = notAnAnswer(answer);
    if (failed) {
      // A timeout says nothing of the page size: no smaller one is tried in its place.
      notes.push(`limit=${size}: no answer (${failed}), so no page size is concluded`);
      return { size: undefined, notes, firstPage: [], total: undefined };
    }
    if (answer.status === 422) {
      notes.push(`limit=${size} refused (422)`);
      continue;
    }
    const page = answer.status === 200 ? rowsOf(answer.body) : undefined;
    if (!page) {
      notes.push(`limit=${size} answered HTTP ${answer.status}`);
      return { size: undefined, notes, firstPage: [], total: undefined };
    }
    const keys = page.results;
    if (keys.length === size || (page.total !== undefined && keys.length === page.total))
      return { size, notes, firstPage: keys, total: page.total };
    // Fewer than asked from a search of everything: a cap the service applies without a word.
    if (keys.length > 0) {
      notes.push(
        `limit=${size} gave ${keys.length} results${page.total === undefined ? '' : ` of ${page.total}`}: the service caps pages at ${keys.length} without saying so`,
      );
      return { size: keys.length, notes, firstPage: keys, total: page.total };
    }
    notes.push(`limit=${size} gave no results`);
    return { size: undefined, notes, firstPage: [], total: page.total };
  }
  return { size: undefined, notes, firstPage: [], total: undefined };
}

export interface PagingFinding {
  /** Styles that moved to page 2 (results, none of page 1's). */
  works: PagingStyle[];
  /** Undefined when one page holds everything, so paging cannot be told. */
  tried: boolean;
  /** Why the configured style's probe said nothing (a timeout, a 5xx), if it did not. */
  unanswered?: string;
  notes: string[];
}

/** Which paging parameters move the search to its second page of `size` results. */
async function findPaging(
  ask: Ask,
  size: number,
  firstPage: readonly string[],
  configured: PagingStyle,
): Promise<PagingFinding> {
  if (firstPage.length < size)
    return {
      works: [],
      tried: false,
      notes: ['one page holds every result: paging cannot be told'],
    };
  const first = new Set(firstPage);
  const works: PagingStyle[] = [];
  const notes: string[] = [];
  for (const style of [configured, ...PAGING_STYLES.filter((s) => s !== configured)]) {
    const params = Object.fromEntries(pageParams(style, size, size));
    const answer = await ask(`paging-${style}`, params);
    const label = Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const failed = notAnAnswer(answer);
    if (failed) {
      notes.push(`${label}: no answer (${failed})`);
      // Without the configured style's answer, another that works is no reason to change it.
      if (style === configured) return { works: [], tried: true, unanswered: failed, notes };
      continue;
    }
    const page = answer.status === 200 ? rowsOf(answer.body) : undefined;
    const keys = page?.results ?? [];
    if (keys.length > 0 && keys.every((key) => !first.has(key))) works.push(style);
    else if (style === configured)
      notes.push(
        answer.status === 200
          ? `${label} gave page 1 again${keys.length === 0 ? ' (nothing)' : ''}`
          : `${label} answered HTTP ${answer.status}`,
      );
  }
  return { works, tried: true, notes };
}

/**
 * The search's largest page and paging parameter, found by asking: a setting that differs is
 * printed (`settings`) and used for the rest of the run (`effective`), and the step fails.
 */
export async function discoverPaging(
  check: RouteCheck,
  probe: Ask,
  configured: Pick<AdapterSettings, 'pageSize' | 'searchPaging'>,
  effective: AdapterSettings,
  settings: Record<string, string>,
) {
  const size = await findPageSize(probe);
  check.notes.push(...size.notes);
  if (size.size === undefined)
    throw new Error('the search gave no page to measure, so the page size is not concluded');
  if (size.size < configured.pageSize) {
    settings.DATA_API_PAGE_SIZE = String(size.size);
    effective.pageSize = size.size;
    check.verdict = 'fail';
    check.fix = `DATA_API_PAGE_SIZE=${size.size}`;
    check.notes.push(
      `the service gives at most ${size.size} a page; the proxy asks for ${configured.pageSize} (DATA_API_PAGE_SIZE)`,
    );
  } else check.notes.push(`pages of ${effective.pageSize} are given in full`);
  const paging = await findPaging(
    probe,
    effective.pageSize,
    size.firstPage.slice(0, effective.pageSize),
    configured.searchPaging,
  );
  check.notes.push(...paging.notes);
  if (!paging.tried) return;
  if (paging.unanswered !== undefined) {
    check.verdict = 'warn';
    check.variant = `pages of up to ${effective.pageSize}; paging not concluded`;
    check.notes.push(
      `paging by ${configured.searchPaging} did not answer (${paging.unanswered}): nothing is concluded from a call that timed out or failed, so DATA_API_SEARCH_PAGING stays as it is; run the check again`,
    );
    return;
  }
  const [works] = paging.works;
  if (works === undefined) {
    check.verdict = 'fail';
    check.fix =
      'src/proxy/upstream/paging.ts (PAGING_STYLES): none of the styles it knows moves the search to page 2';
    check.notes.push(
      'page 2 repeated page 1 by every paging parameter tried (from, offset, skip, start, page): the service pages by another',
    );
  } else if (!paging.works.includes(configured.searchPaging)) {
    settings.DATA_API_SEARCH_PAGING = works;
    effective.searchPaging = works;
    check.verdict = 'fail';
    check.fix = `DATA_API_SEARCH_PAGING=${works}`;
    check.notes.push(
      `page 2 moves by ${works}, not by ${configured.searchPaging} (DATA_API_SEARCH_PAGING)`,
    );
  } else check.notes.push(`page 2 moves by ${paging.works.join(' and ')}`);
  if (Object.keys(settings).length > 0)
    check.notes.push('the steps below are asked with the settings printed at the end');
  check.variant = `pages of up to ${effective.pageSize}, paged by ${effective.searchPaging}`;
}
