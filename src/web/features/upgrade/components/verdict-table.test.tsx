import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpgradeCheck, UpgradeResult } from '../../../../shared/api/schemas';
import { renderWithProviders } from '../../../testing/render';
import { VerdictTable } from './verdict-table';
import { loadedReport } from '../../../testing/report-step';
import { changeFor } from '../../../testing/verdicts';
import { entryScoreMoves, type FollowedIndicator } from '../../../../shared/scores/moves';

const ref = (id: number, geography = 'Switzerland (CH)') => ({
  id,
  activity: id === 5 ? null : 'cement production',
  product: 'cement',
  geography,
  unit: 'kg',
  activity_spold_uuid: null,
  product_spold_uuid: null,
});
const base: Pick<UpgradeResult, 'fields' | 'candidates' | 'successors' | 'basis' | 'reports'> = {
  fields: [],
  candidates: [],
  successors: [],
  basis: 'documentation',
  reports: [],
};
const link = (id: number, share: number | null = null, geography?: string) => ({
  dataset: ref(id, geography),
  share,
  fields: [],
});
const REPORT = ['ecoinvent change report 3.11 → 3.12'];
const results: UpgradeResult[] = [
  {
    ...base,
    line: 1,
    verdict: 'unchanged',
    change: changeFor('unchanged'),
    source: ref(1),
    target: ref(1),
    successors: [link(1)],
    how: 'same ID',
  },
  {
    ...base,
    line: 2,
    verdict: 'documentation changed',
    change: changeFor('documentation changed'),
    source: ref(2),
    target: ref(2),
    successors: [link(2)],
    how: 'same ID',
    fields: ['time_period', 'description'],
  },
  {
    ...base,
    line: 3,
    verdict: 'no certain successor',
    change: changeFor('no certain successor'),
    source: ref(3),
    target: null,
    how: 'none',
    candidates: [
      {
        dataset: ref(30, 'Rest-of-World (RoW)'),
        relation: 'same activity and product, other geography',
        geography: 'rest',
        new_in_target: true,
      },
    ],
  },
  {
    ...base,
    line: 4,
    verdict: 'new ID',
    change: changeFor('new ID'),
    source: ref(5),
    target: ref(50),
    successors: [link(50)],
    how: 'same UUIDs',
  },
  {
    ...base,
    line: 5,
    verdict: 'split',
    change: changeFor('split'),
    source: ref(6, 'Rest-of-World (RoW)'),
    target: ref(6, 'Rest-of-World (RoW)'),
    successors: [link(6, 0.9, 'Rest-of-World (RoW)'), link(60, 0.1, 'France (FR)')],
    how: 'change report',
    basis: 'change report',
    reports: REPORT,
  },
];
const check: Extract<UpgradeCheck, { status: 'ready' }> = {
  status: 'ready',
  from: '3.10',
  to: '3.12',
  system_model: 'cutoff',
  counts: {
    unchanged: 1,
    'documentation changed': 1,
    'new ID': 1,
    split: 1,
    merged: 0,
    'no certain successor': 1,
    removed: 0,
    'not in source': 0,
    'several in source': 0,
  },
  reports: [],
  results,
};

describe('VerdictTable kept by the page', () => {
  it('shows the verdicts the page names and tells it of another choice, from the first page', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <VerdictTable
        check={check}
        chosen={new Map()}
        onChoose={vi.fn()}
        entries={[]}
        ind={[]}
        view={{ changes: ['re-identified'], page: 1, onChange }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Verdicts from 3.10 to 3.12' });
    const newIds = check.results.filter((result) => result.change === 're-identified').length;
    expect(within(table).getAllByRole('row')).toHaveLength(newIds + 1);
    const group = screen.getByRole('group', { name: 'Show verdicts' });
    await userEvent.click(within(group).getByText(/^documentation unchanged \(/));
    expect(onChange).toHaveBeenCalledWith({
      changes: ['re-identified', 'documentation unchanged'],
      page: 1,
    });
  });
});

describe('VerdictTable', () => {
  it('shows each verdict with both sides linked (with the indicator set), what changed and how it was matched', () => {
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[964]} />,
    );
    const table = screen.getByRole('table', { name: 'Verdicts from 3.10 to 3.12' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(
      within(rows[2] as HTMLElement).getByText('Time period, description'),
    ).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByRole('link', { name: '50' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/50?ind=964',
    );
    expect(within(rows[4] as HTMLElement).getByRole('link', { name: '5' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/5?ind=964',
    );
    expect(
      within(rows[4] as HTMLElement).getByText('Not given by the data service'),
    ).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText(/same UUIDs/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('documentation unchanged')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByText('Only documentation is compared'),
    ).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText('re-identified')).toBeInTheDocument();
    // No certain successor: a dash that says why, and the candidates to choose from.
    expect(
      within(rows[3] as HTMLElement).getByText(/^— no certain successor in 3\.12/),
    ).toBeInTheDocument();
    // A split: every part with its share, and the report it comes from.
    const split = rows[5] as HTMLElement;
    expect(within(split).getByRole('link', { name: '60' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/60?ind=964',
    );
    expect(within(split).getByText(/share 10 %/)).toBeInTheDocument();
    expect(within(split).getByText(/share 90 %/)).toBeInTheDocument();
    expect(within(split).getByText('ecoinvent change report 3.11 → 3.12')).toBeInTheDocument();
  });

  it('says where the verdict of a dataset without a certain successor comes from', () => {
    const withReport = {
      ...check,
      reports: [loadedReport('3.11', '3.12')],
    };
    const { unmount } = renderWithProviders(
      <VerdictTable
        check={withReport}
        chosen={new Map()}
        onChoose={vi.fn()}
        entries={[]}
        ind={[]}
      />,
    );
    const row = () => within(screen.getByRole('table')).getAllByRole('row')[3] as HTMLElement;
    expect(
      within(row()).getByText(
        'Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
      ),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[]} />,
    );
    expect(within(row()).getByText('candidates inferred from documentation')).toBeInTheDocument();
  });

  it('gives each score its class, a changed one beside "documentation unchanged" too, and a split its mix', () => {
    const scored = new Map<string, number>([
      ['3.10|1|1111', 1],
      ['3.12|1|1024', 1.032],
      ['3.10|6|1111', 2],
      ['3.12|6|1024', 2],
      ['3.12|60|1024', 4],
    ]);
    // IPCC 2021's total in 3.12 is "climate change" in 3.10; EF's 1443 has no counterpart there.
    const followed: FollowedIndicator[] = [
      {
        id: 1024,
        before: {
          id: 1111,
          link: { kind: 'counterpart', basis: 'renamed', differs: ['category'] },
        },
      },
      { id: 1443, before: null },
    ];
    renderWithProviders(
      <VerdictTable
        check={check}
        chosen={new Map()}
        onChoose={vi.fn()}
        entries={[]}
        ind={[]}
        scores={{
          names: ['GWP100 (IPCC 2021)', 'GWP100 (EF v3.1)'],
          moves: (result) =>
            entryScoreMoves(result, { from: '3.10', to: '3.12' }, followed, (v, d, i) =>
              scored.get(`${v}|${d}|${i}`),
            ),
        }}
      />,
    );
    const [, unchanged, , , , split] = within(screen.getByRole('table')).getAllByRole('row');
    const first = within(unchanged as HTMLElement);
    expect(
      first.getByText('Only documentation is compared: a score changed (indicator changed)'),
    ).toBeInTheDocument();
    expect(first.getByText('+3.2 %')).toBeInTheDocument();
    expect(first.getByText('indicator changed')).toBeInTheDocument();
    expect(first.getByText('In 3.10: indicator 1111, its counterpart')).toBeInTheDocument();
    // Never a bare dash: the indicator without a counterpart says so.
    expect(first.getByText('The indicator has no counterpart in 3.10.')).toBeInTheDocument();
    const parts = within(split as HTMLElement);
    expect(parts.getByText('+10 % against the share-weighted mix')).toBeInTheDocument();
    expect(parts.getByText('2 → mix 2.2')).toBeInTheDocument();
    expect(parts.getByText('60 France (FR) 10 %: 4')).toBeInTheDocument();
    expect(parts.getByText('6 Rest-of-World (RoW) 90 %: 2')).toBeInTheDocument();
    expect(parts.getAllByText('successor').length).toBeGreaterThan(0);
  });

  it('lets the user choose a candidate for a dataset without a certain successor', async () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={onChoose} entries={[]} ind={[]} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Choose the dataset for line 3' }));
    await userEvent.click(
      await screen.findByRole('option', {
        name: /^30 · cement production · Rest-of-World \(RoW\) \(same activity and product, other geography, into a rest-of geography, new\)$/,
      }),
    );
    expect(onChoose).toHaveBeenCalledWith(3, 30);
  });

  it('says what a line that named no single dataset said, and which datasets it named', () => {
    const unresolved: Extract<UpgradeCheck, { status: 'ready' }> = {
      ...check,
      results: [
        {
          ...base,
          line: 7,
          verdict: 'not in source',
          change: 'not in source',
          source: null,
          target: null,
          how: null,
        },
        {
          ...base,
          line: 8,
          verdict: 'several in source',
          change: changeFor('several in source'),
          source: null,
          target: null,
          how: null,
          candidates: [1, 2].map((id) => ({
            dataset: ref(id),
            relation: 'same UUIDs' as const,
            geography: 'same' as const,
            new_in_target: false,
          })),
        },
      ],
    };
    const uuid = '0cc07490-0000-4000-8000-000000000001';
    renderWithProviders(
      <VerdictTable
        check={unresolved}
        ind={[]}
        chosen={new Map()}
        onChoose={vi.fn()}
        entries={[
          { line: 7, kind: 'names', activity: 'cement', product: 'clinker', geography: 'CH' },
          { line: 8, kind: 'uuid', uuid },
        ]}
      />,
    );
    const [, notInSource, several] = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(notInSource as HTMLElement).getByText('Entered: cement · clinker · CH'),
    ).toBeInTheDocument();
    expect(
      within(notInSource as HTMLElement).getByText(
        '— not in 3.10: nothing in 3.10 matches the line.',
      ),
    ).toBeInTheDocument();
    expect(within(several as HTMLElement).getByText(`Entered: UUID ${uuid}`)).toBeInTheDocument();
    expect(
      within(several as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/3.10/cutoff/datasets/1', '/3.10/cutoff/datasets/2']);
  });

  it('says where a dataset without a certain successor is mapped once the user chose, and what differs from it', () => {
    renderWithProviders(
      <VerdictTable
        check={check}
        chosen={new Map([[3, 30]])}
        onChoose={vi.fn()}
        entries={[]}
        ind={[]}
      />,
    );
    const gone = within(screen.getByRole('table')).getAllByRole('row')[3] as HTMLElement;
    expect(within(gone).getByText('Mapped to 30, your choice')).toBeInTheDocument();
    expect(within(gone).getByText('Your choice: Geography')).toBeInTheDocument();
  });

  it('says when a line names, in another form, the dataset of an earlier line', () => {
    const twice = {
      ...check,
      results: [
        ...check.results,
        {
          ...base,
          line: 9,
          verdict: 'unchanged' as const,
          change: 'documentation unchanged' as const,
          source: ref(1),
          target: ref(1),
          successors: [link(1)],
          how: 'same ID' as const,
        },
      ],
    };
    renderWithProviders(
      <VerdictTable check={twice} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[]} />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows.at(-1) as HTMLElement).getByText('Same dataset as line 1'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/^Same dataset as line/)).toHaveLength(1);
  });

  it('filters by change', async () => {
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[]} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'split (1)' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    // "Copy IDs" copies what the rows shown map to: a split's every part.
    expect(screen.getByRole('button', { name: 'Copy IDs in 3.12' })).toBeEnabled();
  });
});
