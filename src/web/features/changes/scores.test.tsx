import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeRow } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import { ChangeTable } from './components/change-table';
import { changesExport } from './filter';
import { rowDatasets, rowGroups, rowMoves, splitsShown } from './scores';
import type { FollowedIndicator } from '../../../shared/scores/moves';
import { ref, row, changes } from '../../testing/changes';

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
        pages={1}
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
    const { tables, query } = changesExport(withScores, {}, 'https://x.example/', {
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
