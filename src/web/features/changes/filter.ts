import type { ChangeRow, Changes } from '../../../shared/api/schemas';
import { RELEASE_CHANGES, type ReleaseChange } from '../../../shared/matching/verdict';
import { sharePercent, sourceOfVerdict } from '../../../shared/matching/words';
import { tableToCsv, type ExportTable, type PageExport } from '../../lib/table-export';

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
  const counts = Object.fromEntries(RELEASE_CHANGES.map((change) => [change, 0])) as Record<
    ReleaseChange,
    number
  >;
  for (const row of filterChanges(rows, { ...filter, change: undefined })) counts[row.change]++;
  return counts;
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

/** One row per change: both sides' IDs and names, where it comes from, its share. */
function changesTable(changes: Ready, rows: readonly ChangeRow[]): ExportTable {
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
    ]),
  };
}

export function changesToCsv(changes: Ready, rows: readonly ChangeRow[]): string {
  return tableToCsv(changesTable(changes, rows));
}

/** The changes shown as an export, with the releases and filters that chose them. */
export function changesExport(
  changes: Ready,
  rows: readonly ChangeRow[],
  filter: ChangeFilter,
  link: string,
): PageExport {
  return {
    tables: [changesTable(changes, rows)],
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
