import { useMemo } from 'react';
import type { Changes } from '../../../shared/api/schemas';
import type { SearchOf } from '../../config/routes';
import { changeCounts, changeFacets, filterChanges, pageOfRows } from './filter';

type Ready = Extract<Changes, { status: 'ready' }>;

/**
 * The changes as the page's filters narrow them: the rows that match, the page shown, the
 * facets to filter by, and the counts by kind of change within the other filters.
 */
export function useFilteredChanges(changes: Ready, search: SearchOf<'changes'>) {
  const facets = useMemo(() => changeFacets(changes.rows), [changes.rows]);
  const filter = {
    change: search.change,
    sector: search.sector || undefined,
    isicSection: search.isic || undefined,
    activityType: search.type || undefined,
    q: search.q || undefined,
  };
  const filterKey = JSON.stringify(filter);
  // Thousands of rows: filtered once per change of the filter, not on every drawing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => filterChanges(changes.rows, filter), [changes.rows, filterKey]);
  const narrowed = Boolean(filter.sector || filter.isicSection || filter.activityType || filter.q);
  const counts = useMemo(
    () => (narrowed ? changeCounts(changes.rows, filter) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [changes.rows, filterKey, narrowed],
  );
  return {
    filter,
    facets,
    rows,
    /** By kind of change within the other filters; undefined when none narrows the rows. */
    counts,
    shown: pageOfRows(rows, search.page),
  };
}
