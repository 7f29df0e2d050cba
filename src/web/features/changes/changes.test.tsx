import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeRow, Changes } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import { ChangeCounts } from './components/change-counts';
import { ChangeTable } from './components/change-table';
import { changeCounts, changeFacets, changesExport, changesToCsv, filterChanges } from './filter';
import { rowDatasets, rowGroups, rowMoves, splitsShown } from './scores';
import type { FollowedIndicator } from '../../../shared/scores/moves';

const ref = (id: number, activity: string, geography: string) => ({
  id,
  activity,
  product: 'cement, Portland',
  geography,
  unit: 'kg',
});
const row = (over: Partial<ChangeRow>): ChangeRow => ({
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
const rows: ChangeRow[] = [
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
const changes: Extract<Changes, { status: 'ready' }> = {
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

describe('filtering the changes of a release', () => {
  it('keeps the rows of a change, sector, ISIC section, activity type and words', () => {
    const ids = (kept: ChangeRow[]) => kept.map((r) => (r.to ?? r.from)?.id);
    expect(ids(filterChanges(rows, { change: 'moved' }))).toEqual([22]);
    expect(ids(filterChanges(rows, { sector: 'Electricity' }))).toEqual([30]);
    expect(
      ids(
        filterChanges(rows, {
          isicSection: 'C - Manufacturing',
          activityType: 'ordinary transforming activity',
        }),
      ),
    ).toEqual([1, 22, 4, 51]);
    expect(ids(filterChanges(rows, { q: 'cem row' }))).toEqual([22, 51]);
    expect(ids(filterChanges(rows, { q: 'swit' }))).toEqual([1, 22]);
  });

  it('counts the rows of each sector, section and activity type', () => {
    expect(changeFacets(rows).sectors).toEqual([
      { name: 'Cement & concrete', rows: 4 },
      { name: 'Electricity', rows: 1 },
    ]);
    expect(changeFacets(rows).activityTypes.map((f) => f.name)).toEqual([
      'market activity',
      'ordinary transforming activity',
    ]);
  });

  it('exports both sides of each change as CSV, with its source and share as shown', () => {
    const [header, , moved, added, , split] = changesToCsv(changes, rows).trimEnd().split('\n');
    expect(header).toBe(
      'system_model,change,3.11_id,3.11_activity,3.11_product,3.11_geography,3.11_unit,3.12_id,3.12_activity,3.12_product,3.12_geography,3.12_unit,share_percent,matched_by,source,changed_fields,candidates,activity_type,isic_section,sectors,format',
    );
    expect(moved).toBe(
      'cutoff,moved,2,"cement production, CEM III/A","cement, Portland",Switzerland (CH),kg,22,"cement production, CEM III/A","cement, Portland",Rest-of-World (RoW),kg,,change report,ecoinvent change report 3.11 → 3.12,geography description,,ordinary transforming activity,C - Manufacturing,Cement & concrete,lci-explorer.changes/1',
    );
    expect(added).toMatch(/^cutoff,new,,,,,,30,/);
    expect(split).toMatch(/,0\.000312,change report,/);
  });
});

describe('the changes as XLSX', () => {
  it('keeps IDs as numbers and records the releases and filters with the link', () => {
    const kept = filterChanges(rows, { sector: 'Electricity' });
    const { tables, query } = changesExport(
      changes,
      kept,
      { sector: 'Electricity' },
      'https://explorer.example/3.12/cutoff/changes?from=3.11&sector=Electricity',
    );
    const [table] = tables;
    expect(table?.rows).toHaveLength(1);
    expect(table?.rows[0]?.[table.header.indexOf('3.12_id')]).toBe(30);
    expect(table?.rows[0]?.[table.header.indexOf('3.11_id')]).toBeNull();
    expect(query.link).toContain('sector=Electricity');
    expect(query.fields).toContainEqual(['Compared with', '3.11']);
    expect(query.fields).toContainEqual(['Sector', 'Electricity']);
    expect(query.fields).toContainEqual(['Changed datasets shown', 1]);
  });
});

describe('ChangeCounts', () => {
  it('shows each kind of change with its count, choosing one as the filter', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ChangeCounts changes={changes} value={undefined} onChange={onChange} />);
    expect(
      screen.getByText(
        '19,000 with documentation unchanged of 20,600 in 3.11; 21,922 in 3.12. Only documentation is compared: a dataset whose documentation is unchanged may still score differently.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'moved (1)' }));
    expect(onChange).toHaveBeenCalledWith('moved');
  });
});

describe('ChangeCounts under other filters', () => {
  it('counts each kind of change among the rows the sector and words keep, the chosen kind aside', () => {
    const electricity = changeCounts(rows, { sector: 'Electricity', change: 'moved' });
    expect(electricity.new).toBe(1);
    expect(electricity.moved).toBe(0);
    expect(electricity['documentation changed']).toBe(0);
    // A chosen kind does not empty the other chips: each stays a filter one can switch to.
    const swiss = changeCounts(rows, { q: 'swit', change: 'moved' });
    expect(swiss.moved).toBe(1);
    expect(swiss['documentation changed']).toBe(1);
    expect(swiss.split).toBe(0);
  });

  it('shows the filtered counts on the chips, not the release’s', () => {
    renderWithProviders(
      <ChangeCounts
        changes={changes}
        counts={changeCounts(rows, { sector: 'Electricity' })}
        value={undefined}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'new (1)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'moved (0)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'split (0)' })).toBeInTheDocument();
  });

  it('says the unchanged count beside filtered chips is the whole release’s', () => {
    const { unmount } = renderWithProviders(
      <ChangeCounts
        changes={changes}
        counts={changeCounts(rows, { sector: 'Electricity' })}
        value={undefined}
        onChange={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        '19,000 with documentation unchanged of 20,600 in 3.11; 21,922 in 3.12 — in the whole release, not narrowed by the filters. Only documentation is compared: a dataset whose documentation is unchanged may still score differently.',
      ),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<ChangeCounts changes={changes} value={undefined} onChange={vi.fn()} />);
    expect(screen.queryByText(/in the whole release/)).toBeNull();
  });
});

describe('ChangeTable pages', () => {
  it('shows the page the link names and asks for another when one is pressed', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      row({
        from: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
        to: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
      }),
    );
    const onPage = vi.fn();
    renderWithProviders(
      <ChangeTable
        changes={{ ...changes, rows: many }}
        rows={many}
        ind={[]}
        page={2}
        onPage={onPage}
        groups={rowGroups(many)}
      />,
    );
    const [, first] = within(
      screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).getAllByRole('row');
    expect(first).toHaveTextContent('ID 1100');
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});

describe('ChangeTable', () => {
  it('links each change to both releases with the indicator set, says where it comes from, and lists candidates with their reasons', () => {
    renderWithProviders(
      <ChangeTable
        changes={changes}
        rows={rows}
        ind={[882, 964]}
        page={1}
        onPage={vi.fn()}
        groups={rowGroups(rows)}
      />,
    );
    const [, , moved, , unsure, split] = within(
      screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).getAllByRole('row');
    const links = within(moved as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/3.11/cutoff/datasets/2?ind=882,964',
      '/3.12/cutoff/datasets/22?ind=882,964',
    ]);
    expect(
      within(moved as HTMLElement).getByText('ecoinvent change report 3.11 → 3.12'),
    ).toBeInTheDocument();
    expect(within(moved as HTMLElement).getByText('Geography, description')).toBeInTheDocument();
    expect(within(unsure as HTMLElement).getByRole('link', { name: '40' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/40?ind=882,964',
    );
    expect(
      within(unsure as HTMLElement).getByText(/into a rest-of geography, new/),
    ).toBeInTheDocument();
    // Said as the upgrade check and history say it: the loaded report leaves it out.
    expect(
      within(unsure as HTMLElement).getByText(
        'Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
      ),
    ).toBeInTheDocument();
    expect(within(split as HTMLElement).getByText('share 0.000312 %')).toBeInTheDocument();
  });
});

describe('scores of the rows shown', () => {
  const report = {
    how: 'change report' as const,
    basis: 'change report' as const,
    reports: ['ecoinvent change report 3.11 → 3.12'],
  };
  const scoredRows: ChangeRow[] = [
    row({}),
    row({
      ...report,
      change: 'split',
      from: ref(5, 'clinker production', 'Rest-of-World (RoW)'),
      to: ref(51, 'clinker production', 'France (FR)'),
      share: 0.7,
      fields: ['geography'],
    }),
    row({
      ...report,
      change: 'merged',
      from: ref(6, 'lime production', 'Austria (AT)'),
      to: ref(60, 'lime production', 'Europe (RER)'),
      fields: ['geography'],
    }),
    row({
      ...report,
      change: 'merged',
      from: ref(7, 'lime production', 'Hungary (HU)'),
      to: ref(60, 'lime production', 'Europe (RER)'),
      fields: ['geography'],
    }),
    // The split's other part, on another page.
    row({
      ...report,
      change: 'split',
      from: ref(5, 'clinker production', 'Rest-of-World (RoW)'),
      to: ref(52, 'clinker production', 'Spain (ES)'),
      share: 0.3,
      fields: ['geography'],
    }),
  ];
  const withScores = { ...changes, rows: scoredRows };
  const groups = rowGroups(scoredRows);
  const shown = scoredRows.slice(0, 4);
  // IPCC 2021's total in 3.12 (1024) is "climate change" (1111) in 3.11.
  const followed: FollowedIndicator[] = [
    {
      id: 1024,
      before: { id: 1111, link: { kind: 'counterpart', basis: 'renamed', differs: ['category'] } },
    },
  ];
  const held = new Map<string, number>([
    ['3.11|1|1111', 2],
    ['3.12|1|1024', 2.5],
    ['3.11|5|1111', 10],
    ['3.12|51|1024', 10],
    ['3.12|52|1024', 20],
    ['3.11|6|1111', 4],
    ['3.12|60|1024', 5],
  ]);
  const lookup = (version: string, dataset: number, indicator: number) =>
    held.get(`${version}|${dataset}|${indicator}`);

  it('asks for every part of a split shown, those on other pages too, and says how many', () => {
    expect(rowDatasets(shown, groups)).toEqual({ from: [1, 5, 6, 7], to: [1, 51, 52, 60] });
    expect(splitsShown(shown, groups)).toEqual({ splits: 1, datasets: 2 });
  });

  it('gives each row its class, a split’s against the share-weighted mix', () => {
    const [documentation, split] = shown.map((each) =>
      rowMoves(each, withScores, groups, followed, lookup),
    );
    expect(documentation?.[0]?.change.class).toBe('indicator changed');
    expect(documentation?.[0]?.change.causes).toEqual([
      'indicator changed',
      'documentation changed',
    ]);
    expect(split?.[0]?.against).toBe('share-weighted mix');
    expect(split?.[0]?.after).toBeCloseTo(0.7 * 10 + 0.3 * 20, 12);
    expect(split?.[0]?.change.class).toBe('successor');
    expect(split?.[0]?.change.percent).toBeCloseTo(30, 10);
  });

  it('shows the class in the table, a split’s parts with the mix, a merge’s other sources', () => {
    renderWithProviders(
      <ChangeTable
        changes={withScores}
        rows={shown}
        ind={[]}
        page={1}
        onPage={vi.fn()}
        groups={groups}
        scores={{
          names: ['Change in GWP100 (IPCC 2021)'],
          moves: (each) => rowMoves(each, withScores, groups, followed, lookup),
        }}
      />,
    );
    const [, documentation, split, merged] = within(
      screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).getAllByRole('row');
    expect(within(documentation as HTMLElement).getByText('+25 %')).toBeInTheDocument();
    expect(within(documentation as HTMLElement).getByText('indicator changed')).toBeInTheDocument();
    const parts = within(split as HTMLElement);
    expect(parts.getByText('+30 % against the share-weighted mix')).toBeInTheDocument();
    expect(parts.getByText('52 Spain (ES) 30 %: 20')).toBeInTheDocument();
    expect(parts.getByText('51 France (FR) 70 %: 10')).toBeInTheDocument();
    expect(within(merged as HTMLElement).getByText(/Merged from this and:/)).toHaveTextContent(
      'Merged from this and: 7 Hungary (HU)',
    );
  });

  it('exports the class columns for the rows scored, empty for the others', () => {
    const { tables, query } = changesExport(withScores, scoredRows, {}, 'https://x.example/', {
      indicators: [
        {
          id: 1024,
          method: 'IPCC 2021',
          category: 'climate change: total (excl. biogenic CO2)',
          indicator: 'global warming potential (GWP100)',
          unit: 'kg CO2-Eq',
        },
      ],
      moves: (each) =>
        shown.includes(each) ? rowMoves(each, withScores, groups, followed, lookup) : undefined,
      scored: 'the 4 rows of page 1',
    });
    const [table] = tables;
    const at = (i: number, name: string) => table?.rows[i]?.[table.header.indexOf(name)];
    expect(table?.header.slice(-8)).toEqual([
      '1024_indicator_in_3.11',
      '1024_3.11',
      '1024_3.12',
      '1024_share_weighted_mix',
      '1024_change_against',
      '1024_change_percent',
      '1024_class',
      '1024_why',
    ]);
    expect([at(1, '1024_3.12'), at(1, '1024_share_weighted_mix'), at(1, '1024_class')]).toEqual([
      10,
      13,
      'successor',
    ]);
    expect(at(1, '1024_indicator_in_3.11')).toBe(1111);
    expect(at(4, '1024_class')).toBeNull();
    expect(query.fields).toContainEqual(['Scores for', 'the 4 rows of page 1']);
  });
});
