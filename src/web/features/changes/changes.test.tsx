import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeRow } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import { ChangeCounts } from './components/change-counts';
import { changeCounts, changeFacets, filterChanges } from '../../../shared/changes-list';
import { changesExport, changesToCsv } from './filter';
import { rows, changes } from '../../testing/changes';

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
    const { tables, query } = changesExport(
      changes,
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
