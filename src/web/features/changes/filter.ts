import { tally } from '../../../shared/tally';
import type { ChangeRow, Changes, Indicator } from '../../../shared/api/schemas';
import type { EntryScoreMove } from '../../../shared/scores/moves';
import { moveCells, moveColumns } from '../scores/move-columns';
import { RELEASE_CHANGES, type ReleaseChange } from '../../../shared/matching/verdict';
import { sharePercent, sourceOfVerdict } from '../../../shared/matching/words';
import { tableToCsv, type ExportTable, type PageExport } from '../../lib/table-export';

/** Changes a page of the list shows. */
const PAGE = 100;

/** The page of rows shown (the last one when `page` is past it), and how many pages there are. */
export function pageOfRows(
  rows: readonly ChangeRow[],
  page: number,
): { rows: readonly ChangeRow[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages);
  return { rows: rows.slice((current - 1) * PAGE, current * PAGE), page: current, pages };
}

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

type Ready = Extract<Changes, { status: 'ready' }>;

/**
 * Scores loaded for some rows (the page shown): the indicators of the newer release, and each
 * row's moves (undefined for a row not scored).
 */
export interface ChangeScores {
  indicators: readonly Indicator[];
  moves: (row: ChangeRow) => EntryScoreMove[] | undefined;
  /** The rows scored, said in the Query sheet ("the 100 rows of page 3"). */
  scored: string;
}

/**
 * One row per change: both sides' IDs and names, where it comes from, its share; with scores,
 * per indicator the indicator scored in the older release, both scores, a split's mix, what
 * the change is against, the change and its class (the columns the upgrade check's mapping
 * has).
 */
function changesTable(
  changes: Ready,
  rows: readonly ChangeRow[],
  scores: ChangeScores | undefined,
): ExportTable {
  const side = (prefix: string) => [
    `${prefix}_id`,
    `${prefix}_activity`,
    `${prefix}_product`,
    `${prefix}_geography`,
    `${prefix}_unit`,
  ];
  const header = [
    'system_model',
    'change',
    ...side(changes.from),
    ...side(changes.to),
    'share_percent',
    'matched_by',
    'source',
    'changed_fields',
    'candidates',
    'activity_type',
    'isic_section',
    'sectors',
    ...(scores?.indicators ?? []).flatMap((i) => moveColumns(i.id, changes.from, changes.to)),
  ];
  const values = (ref: ChangeRow['from']) =>
    ref
      ? [ref.id, ref.activity ?? null, ref.product ?? null, ref.geography ?? null, ref.unit ?? null]
      : [null, null, null, null, null];
  return {
    sheet: 'Changes',
    format: 'lci-explorer.changes/1',
    header,
    rows: rows.map((row) => [
      changes.system_model,
      row.change,
      ...values(row.from),
      ...values(row.to),
      row.share === null ? null : sharePercent(row.share),
      row.how ?? null,
      row.change === 'new'
        ? null
        : sourceOfVerdict(row, { change: row.change, steps: changes.reports }),
      row.fields.join(' '),
      row.candidates.map((c) => c.dataset.id).join(' '),
      row.activity_type ?? null,
      row.isic_section ?? null,
      row.sectors.join('; '),
      ...(scores
        ? (() => {
            const moves = scores.moves(row);
            return scores.indicators.flatMap((_, i) => moveCells(moves?.[i], row.to?.id));
          })()
        : []),
    ]),
  };
}

export function changesToCsv(
  changes: Ready,
  rows: readonly ChangeRow[],
  scores?: ChangeScores,
): string {
  return tableToCsv(changesTable(changes, rows, scores));
}

/** The changes shown as an export, with the releases and filters that chose them. */
export function changesExport(
  changes: Ready,
  rows: readonly ChangeRow[],
  filter: ChangeFilter,
  link: string,
  scores?: ChangeScores,
): PageExport {
  return {
    tables: [changesTable(changes, rows, scores)],
    query: {
      title: `What changed from ${changes.from} to ${changes.to} (${changes.system_model})`,
      link,
      fields: [
        ['Release', changes.to],
        ['Compared with', changes.from],
        ['System model', changes.system_model],
        ['Change', filter.change ?? 'any'],
        ['Sector', filter.sector ?? 'any'],
        ['ISIC section', filter.isicSection ?? 'any'],
        ['Activity type', filter.activityType ?? 'any'],
        ['Words', filter.q ?? ''],
        ['Changed datasets shown', rows.length],
        ['Changed datasets in all', changes.rows.length],
        ['Datasets with documentation unchanged (not listed)', changes.unchanged],
        [
          'Compared',
          'documentation only: a dataset whose documentation is unchanged may score differently',
        ],
        ['Indicators', (scores?.indicators ?? []).map((indicator) => indicator.id).join(', ')],
        ['Scores for', scores?.scored ?? 'none loaded'],
      ],
    },
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
