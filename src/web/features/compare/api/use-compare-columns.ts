import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { readColumns, type CompareColumn } from '../../../config/compare-link';
import { MAX_COMPARED, searches, type ReleaseRef } from '../../../config/routes';
import { useRouteSearch } from '../../../lib/url-state';
import { scoreQueries } from '../../scores/api/score-queries';
import {
  columnKey,
  linkColumns,
  releasesOf,
  resolveColumns,
  sameRelease,
  type Column,
} from '../columns';

/** The columns' documentation in batches, each in its release (free): what the loader warms. */
export function columnDocumentation(columns: readonly Column[]) {
  return releasesOf(columns).flatMap((release) =>
    scoreQueries.documentation(
      release,
      columns.filter((c) => sameRelease(c.release, release)).map((c) => c.id),
    ),
  );
}

/** The columns the link names, as the page shows them, and how to write them back. */
export function useCompareColumns(release: ReleaseRef) {
  const location = useLocation();
  const [search, update] = useRouteSearch(searches.compare);
  // The same arrays while the link's columns are: the controls are memoised on them.
  const columns = useMemo(() => resolveColumns(search.ds, release), [search.ds, release]);
  const shown = useMemo(() => columns.slice(0, MAX_COMPARED), [columns]);
  return {
    /** Every column the link names, in its order. */
    all: columns,
    /** The columns compared; those past MAX_COMPARED are hidden until asked for. */
    shown,
    hidden: columns.slice(MAX_COMPARED),
    /** What of the link's `ds` could not be read. */
    unreadable: readColumns(new URLSearchParams(location.search).get('ds') ?? '').unreadable,
    /** The column that is 100 %, by its key. */
    base: search.base && columnKey(search.base.id, search.base.release ?? release),
    /** Writes the columns into the link, in this order. */
    write: (next: readonly Column[]) =>
      update({ ds: linkColumns(resolveColumns(next, release), release) }),
    /** Adds columns after those compared. */
    add: (added: readonly CompareColumn[]) =>
      update({ ds: [...linkColumns(shown, release), ...added] }),
    /** Writes the column that is 100 % (undefined: each row's largest). */
    setBase: (column: Column | undefined) =>
      update({ base: column ? linkColumns([column], release)[0] : undefined }, { replace: true }),
  };
}

export type CompareColumns = ReturnType<typeof useCompareColumns>;
