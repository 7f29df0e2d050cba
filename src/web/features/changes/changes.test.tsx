import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeRow, Changes } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import { ChangeCounts } from './components/change-counts';
import { ChangeTable } from './components/change-table';
import { changeCounts, changeFacets, changesExport, changesToCsv, filterChanges } from './filter';

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
      screen.getByText('19,000 unchanged of 20,600 in 3.11; 21,922 in 3.12'),
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
        '19,000 unchanged of 20,600 in 3.11; 21,922 in 3.12 — in the whole release, not narrowed by the filters',
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
      <ChangeTable changes={changes} rows={rows} ind={[882, 964]} page={1} onPage={vi.fn()} />,
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
