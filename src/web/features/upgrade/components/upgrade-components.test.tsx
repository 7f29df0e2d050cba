import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpgradeCheck, UpgradeResult } from '../../../../shared/api/schemas';
import { parseDatasetList } from '../../../../shared/dataset-list';
import { renderWithProviders } from '../../../testing/render';
import { ListInput } from './list-input';
import { VerdictTable } from './verdict-table';

describe('ListInput', () => {
  it('counts the entries and lists the lines left out', () => {
    const text = '8279\nnope\n8279';
    renderWithProviders(
      <ListInput text={text} onTextChange={vi.fn()} parsed={parseDatasetList(text)} />,
    );
    expect(screen.getByText('1 entry, 2 lines left out')).toBeInTheDocument();
    expect(screen.getByText(/Line 2: "nope" is neither/)).toBeInTheDocument();
    expect(screen.getByText('Line 3: Repeats line 1 (Dataset ID 8279).')).toBeInTheDocument();
  });

  it('passes on what is typed, and says when the list is too long', async () => {
    const onTextChange = vi.fn();
    renderWithProviders(
      <ListInput
        text=""
        onTextChange={onTextChange}
        parsed={{ ok: false, error: 'The list has 10001 entries.' }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Datasets' }), '1');
    expect(onTextChange).toHaveBeenCalledWith('1');
    expect(screen.getByText('The list has 10001 entries.')).toBeInTheDocument();
  });
});

const ref = (id: number, geography = 'Switzerland (CH)') => ({
  id,
  activity: id === 5 ? null : 'cement production',
  product: 'cement',
  geography,
  unit: 'kg',
});
const base: Pick<UpgradeResult, 'relation' | 'fields' | 'candidates'> = {
  relation: null,
  fields: [],
  candidates: [],
};
const results: UpgradeResult[] = [
  { ...base, line: 1, verdict: 'unchanged', source: ref(1), target: ref(1), how: 'same ID' },
  {
    ...base,
    line: 2,
    verdict: 'documentation changed',
    source: ref(2),
    target: ref(2),
    how: 'same ID',
    fields: ['time_period', 'description'],
  },
  {
    ...base,
    line: 3,
    verdict: 'gone',
    source: ref(3),
    target: null,
    how: 'likely successor',
    relation: 'same activity and product, other geography',
    candidates: [
      {
        dataset: ref(30, 'Rest-of-World (RoW)'),
        relation: 'same activity and product, other geography',
        new_in_target: true,
      },
    ],
  },
  {
    ...base,
    line: 4,
    verdict: 'new ID',
    source: ref(5),
    target: ref(50),
    how: 'same UUIDs',
    relation: 'same UUIDs',
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
    'several candidates': 0,
    gone: 1,
    'not in source': 0,
    'several in source': 0,
  },
  results,
};

describe('VerdictTable', () => {
  it('shows each verdict with both sides linked (with the indicator set), what changed and how it was matched', () => {
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[964]} />,
    );
    const table = screen.getByRole('table', { name: 'Verdicts from 3.10 to 3.12' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
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
    expect(
      within(rows[3] as HTMLElement).getByText(
        'likely successor: same activity and product, other geography',
      ),
    ).toBeInTheDocument();
  });

  it('lets the user choose a candidate for a gone dataset', async () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={onChoose} entries={[]} ind={[]} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Choose the dataset for line 3' }));
    await userEvent.click(
      await screen.findByRole('option', { name: /^30 · cement production · Rest-of-World/ }),
    );
    expect(onChoose).toHaveBeenCalledWith(3, 30);
  });

  it('says what a line that named no single dataset said, and which datasets it named', () => {
    const unresolved: Extract<UpgradeCheck, { status: 'ready' }> = {
      ...check,
      results: [
        { ...base, line: 7, verdict: 'not in source', source: null, target: null, how: null },
        {
          ...base,
          line: 8,
          verdict: 'several in source',
          source: null,
          target: null,
          how: null,
          candidates: [1, 2].map((id) => ({
            dataset: ref(id),
            relation: 'same UUIDs' as const,
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
      within(notInSource as HTMLElement).getByText('Nothing in 3.10 matches the line.'),
    ).toBeInTheDocument();
    expect(within(several as HTMLElement).getByText(`Entered: UUID ${uuid}`)).toBeInTheDocument();
    expect(
      within(several as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/3.10/cutoff/datasets/1', '/3.10/cutoff/datasets/2']);
  });

  it('says where a gone dataset is mapped once the user chose, and what differs from it', () => {
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
          source: ref(1),
          target: ref(1),
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

  it('filters by verdict', async () => {
    renderWithProviders(
      <VerdictTable check={check} chosen={new Map()} onChoose={vi.fn()} entries={[]} ind={[]} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'gone (1)' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });
});
