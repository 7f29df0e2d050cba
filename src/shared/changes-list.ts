import type { ChangeRow, Changes, ChangesPage } from './api/schemas';
import { tally } from './tally';
import { RELEASE_CHANGES, type ReleaseChange } from './matching/verdict';
import { pageOfRows } from './paging';

/*
 * What changed, as a list people narrow and page through: the filters, the counts beside them,
 * the facets to choose from and the page shown. The proxy answers a page with these
 * (`/api/changes/page`), and the explorer's exports filter the whole list with the same code.
 */

export interface ChangeFilter {
  change?: ReleaseChange | undefined;
  sector?: string | undefined;
  isicSection?: string | undefined;
  /** The prose name, e.g. "market activity". */
  activityType?: string | undefined;
  /** Words that must all begin a word of either side's activity, product or geography. */
  q?: string | undefined;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The rows a filter keeps, in their order. */
export function filterChanges(rows: readonly ChangeRow[], filter: ChangeFilter): ChangeRow[] {
  const wanted = words(filter.q ?? '');
  return rows.filter((row) => {
    if (filter.change && row.change !== filter.change) return false;
    if (filter.sector && !row.sectors.includes(filter.sector)) return false;
    if (filter.isicSection && row.isic_section !== filter.isicSection) return false;
    if (filter.activityType && row.activity_type !== filter.activityType) return false;
    if (wanted.length === 0) return true;
    const text = words(
      [row.from, row.to]
        .flatMap((side) =>
          side ? [side.activity ?? '', side.product ?? '', side.geography ?? ''] : [],
        )
        .join(' '),
    );
    return wanted.every((word) => text.some((w) => w.startsWith(word)));
  });
}

/** Whether a filter other than the kind of change narrows the list. */
const narrows = (filter: ChangeFilter) =>
  Boolean(filter.sector || filter.isicSection || filter.activityType || filter.q);

/**
 * How many rows each kind of change has among those the other filters keep (sector, ISIC
 * section, activity type, words): the chips beside a filtered list count that list, never the
 * whole release's.
 */
export function changeCounts(
  rows: readonly ChangeRow[],
  filter: ChangeFilter,
): Record<ReleaseChange, number> {
  return tally(
    RELEASE_CHANGES,
    filterChanges(rows, { ...filter, change: undefined }).map((row) => row.change),
  );
}

export interface Facet {
  name: string;
  rows: number;
}

/** The sectors, ISIC sections and activity types of the rows, with how many rows have each. */
export function changeFacets(rows: readonly ChangeRow[]): {
  sectors: Facet[];
  isicSections: Facet[];
  activityTypes: Facet[];
} {
  const count = (names: (row: ChangeRow) => Iterable<string>) => {
    const counts = new Map<string, number>();
    for (const row of rows)
      for (const name of new Set(names(row))) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts]
      .map(([name, n]) => ({ name, rows: n }))
      .sort((a, b) => a.name.localeCompare(b.name));
  };
  return {
    sectors: count((row) => row.sectors),
    isicSections: count((row) => (row.isic_section === null ? [] : [row.isic_section])),
    activityTypes: count((row) => (row.activity_type === null ? [] : [row.activity_type])),
  };
}

/** The IDs a list of changes shows, each once: the newer side's, or the older's where none. */
export const changedIds = (rows: readonly ChangeRow[]): number[] => [
  ...new Set(
    rows.flatMap((row) => {
      const side = row.to ?? row.from;
      return side ? [side.id] : [];
    }),
  ),
];

/**
 * The rows of other pages a page's rows need: every part of a split shown (its share-weighted
 * mix is scored over all it became) and every dataset merged into one shown (named beside it).
 */
export function relatedRows(all: readonly ChangeRow[], shown: readonly ChangeRow[]): ChangeRow[] {
  const onPage = new Set(shown);
  const splits = new Set<number>();
  const merges = new Set<number>();
  for (const row of shown) {
    if (row.change === 'split' && row.from) splits.add(row.from.id);
    if (row.change === 'merged' && row.to) merges.add(row.to.id);
  }
  if (splits.size === 0 && merges.size === 0) return [];
  return all.filter(
    (row) =>
      !onPage.has(row) &&
      ((row.change === 'split' && row.from !== null && splits.has(row.from.id)) ||
        (row.change === 'merged' && row.to !== null && merges.has(row.to.id))),
  );
}

type Ready = Extract<Changes, { status: 'ready' }>;
type PageReady = Extract<ChangesPage, { status: 'ready' }>;

/** Facets are the same for every page of a pair of releases: worked out once per answer. */
export type ChangeFacets = ReturnType<typeof changeFacets>;

/** One page of the changes as the filters narrow them, with what the page around it shows. */
export function changesPage(
  changes: Ready,
  filter: ChangeFilter,
  page: number,
  facets: ChangeFacets = changeFacets(changes.rows),
): PageReady {
  const { rows: all, ...summary } = changes;
  const matching = filterChanges(all, filter);
  const shown = pageOfRows(matching, page);
  return {
    ...summary,
    total: all.length,
    facets: {
      sectors: facets.sectors,
      isic_sections: facets.isicSections,
      activity_types: facets.activityTypes,
    },
    matching: matching.length,
    counts_within: narrows(filter) ? changeCounts(all, filter) : null,
    ids: changedIds(matching),
    page: shown.page,
    pages: shown.pages,
    rows: [...shown.rows],
    related: relatedRows(all, shown.rows),
  };
}
