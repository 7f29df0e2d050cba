/** Rows a page of a long list shows: What changed and the upgrade check's verdicts. */
const PAGE_ROWS = 100;

/** The page of rows shown (the last one when `page` is past it), and how many pages there are. */
export function pageOfRows<T>(
  rows: readonly T[],
  page: number,
): { rows: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const current = Math.min(Math.max(1, page), pages);
  return {
    rows: rows.slice((current - 1) * PAGE_ROWS, current * PAGE_ROWS),
    page: current,
    pages,
  };
}
