import type { ChangeRow, Changes } from '../../shared/api/schemas';

/*
 * What changed from 3.11 to 3.12 as the changes feature's tests use it: two changed rows (one
 * documentation changed, one moved by the change report) and the answer that holds them.
 */

export const ref = (id: number, activity: string, geography: string) => ({
  id,
  activity,
  product: 'cement, Portland',
  geography,
  unit: 'kg',
});
export const row = (over: Partial<ChangeRow>): ChangeRow => ({
  change: 'documentation changed',
  from: ref(1, 'cement production', 'Switzerland (CH)'),
  to: ref(1, 'cement production', 'Switzerland (CH)'),
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  share: null,
  fields: ['time_period'],
  candidates: [],
  activity_type: 'ordinary transforming activity',
  isic_section: 'C - Manufacturing',
  sectors: ['Cement & concrete'],
  ...over,
});
export const rows: ChangeRow[] = [
  row({}),
  row({
    change: 'moved',
    from: ref(2, 'cement production, CEM III/A', 'Switzerland (CH)'),
    to: ref(22, 'cement production, CEM III/A', 'Rest-of-World (RoW)'),
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.11 → 3.12'],
    fields: ['geography', 'description'],
  }),
  row({
    change: 'new',
    from: null,
    to: ref(30, 'market for electricity, low voltage', 'Mexico (MX)'),
    how: null,
    fields: [],
    activity_type: 'market activity',
    isic_section: 'D - Electricity',
    sectors: ['Electricity'],
  }),
  row({
    change: 'no certain successor',
    to: null,
    from: ref(4, 'lime production', 'Germany (DE)'),
    how: 'none',
    fields: [],
    candidates: [
      {
        dataset: ref(40, 'lime production', 'Rest-of-World (RoW)'),
        relation: 'same activity and product, other geography',
        geography: 'rest',
        new_in_target: true,
      },
    ],
  }),
  row({
    change: 'split',
    from: ref(5, 'clinker production', 'Rest-of-World (RoW)'),
    to: ref(51, 'clinker production', 'France (FR)'),
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.11 → 3.12'],
    share: 0.00000312,
    fields: ['geography'],
  }),
];
export const changes: Extract<Changes, { status: 'ready' }> = {
  status: 'ready',
  from: '3.11',
  to: '3.12',
  system_model: 'cutoff',
  datasets: { from: 20_600, to: 21_922 },
  counts: {
    new: 1,
    removed: 0,
    'no certain successor': 1,
    split: 1,
    merged: 0,
    renamed: 0,
    moved: 1,
    're-identified': 0,
    'documentation changed': 1,
  },
  unchanged: 19_000,
  reports: [
    {
      from: '3.11',
      to: '3.12',
      label: 'ecoinvent change report 3.11 → 3.12',
      loaded: true,
      entries: 528,
      applied: 528,
      unmatched: 0,
    },
  ],
  unmatched_entries: [],
  rows,
};
