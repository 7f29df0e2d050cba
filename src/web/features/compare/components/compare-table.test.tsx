import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Dataset, Indicator } from '../../../../shared/api/schemas';
import type { GivenScore } from '../../scores/answers';
import { renderWithProviders } from '../../../testing/render';
import { nextRank } from '../ranking';
import { CompareTable, type CompareTableProps } from './compare-table';
import { ReferenceNote } from './reference-note';

const dataset = (id: number, activity: string, product: string, unit: string): Dataset => ({
  id,
  activity,
  product,
  unit,
  description: null,
  geography: 'Germany (DE)',
  time_period: null,
  activity_type: null,
  isic_section: null,
  isic_class: null,
  activity_spold_uuid: null,
  geography_spold_uuid: null,
  product_spold_uuid: null,
  sectors: [],
  url: null,
  url_history: null,
  impact_scores: [],
});
const electricity = dataset(
  8279,
  'market for electricity, low voltage, including imports from neighbouring countries',
  'electricity, low voltage',
  'kWh',
);
const clinker = dataset(2989, 'clinker production', 'clinker', 'kg');
const indicator = (id: number, name: string): Indicator => ({
  id,
  method: 'EF v3.1',
  category: 'climate change',
  indicator: name,
  unit: 'kg CO2-Eq',
});
const gwp = indicator(1, 'global warming potential (GWP100)');
const gwp20 = indicator(2, 'global warming potential (GWP20)');
const score = (id: number, value: number): GivenScore => ({ ...indicator(id, ''), score: value });
const scores = new Map([
  [
    8279,
    new Map([
      [1, score(1, 0.002621)],
      [2, score(2, 0.5)],
    ]),
  ],
  [
    2989,
    new Map([
      [1, score(1, 0.0009018)],
      [2, score(2, 0.8)],
    ]),
  ],
]);

function table(props: Partial<CompareTableProps> = {}) {
  const onRank = vi.fn();
  renderWithProviders(
    <CompareTable
      datasets={[electricity, clinker]}
      indicators={[gwp, gwp20]}
      scores={scores}
      loaded={() => true}
      view="absolute"
      baseline={undefined}
      rank={undefined}
      onRank={onRank}
      onRemove={vi.fn()}
      datasetHref={(id) => `/3.12/cutoff/datasets/${id}`}
      {...props}
    />,
  );
  return { onRank, columns: () => screen.getAllByRole('columnheader').slice(2) };
}

describe('the comparison table', () => {
  it('shows what each column is: the whole activity name, and per what', () => {
    const { columns } = table();
    expect(columns()[0]).toHaveTextContent(
      'market for electricity, low voltage, including imports from neighbouring countries',
    );
    expect(columns()[0]).toHaveTextContent('per 1 kWh of electricity, low voltage');
    expect(columns()[1]).toHaveTextContent('per 1 kg of clinker');
  });

  it('links each column to its dataset', () => {
    const { columns } = table();
    expect(
      within(columns()[1] ?? document.body).getByRole('link', { name: 'clinker production' }),
    ).toHaveAttribute('href', '/3.12/cutoff/datasets/2989');
  });

  it('measures one dataset’s values against each other, not each against itself', () => {
    table({ datasets: [clinker] });
    // Bars: 0.8 is the largest in kg CO2-Eq, 0.0009018 a thousandth of it.
    const cells = screen.getAllByRole('cell').flatMap((cell) => [...cell.querySelectorAll('div')]);
    const shares = cells.map((cell) => cell.style.getPropertyValue('--share'));
    expect(shares).toEqual(['0%', '100%']);
  });

  it('shows one dataset’s relative values against its largest in the same unit', () => {
    table({ datasets: [clinker], view: 'relative' });
    expect(within(screen.getByRole('row', { name: /GWP100/ })).getByText('0.113 %')).toBeVisible();
    expect(within(screen.getByRole('row', { name: /GWP20/ })).getByText('100 %')).toBeVisible();
  });

  it('warns when the datasets have different reference units', () => {
    renderWithProviders(<ReferenceNote datasets={[electricity, clinker]} />);
    expect(screen.getByText('These datasets have different reference units')).toBeVisible();
    expect(screen.getByText('per 1 kWh of electricity, low voltage: 8279')).toBeVisible();
  });

  it('writes the numbers of one row in one notation', () => {
    table();
    const row = screen.getByRole('row', { name: /GWP100/ });
    expect(within(row).getByText('2.621 × 10⁻³')).toBeVisible();
    expect(within(row).getByText('9.018 × 10⁻⁴')).toBeVisible();
  });

  it('ranks the datasets, not the indicators, by the indicator pressed', async () => {
    const { onRank, columns } = table({ rank: { indicatorId: 2, direction: 'desc' } });
    expect(columns().map((column) => column.textContent)).toEqual([
      expect.stringContaining('clinker production'),
      expect.stringContaining('market for electricity'),
    ]);
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual([
      expect.stringContaining('GWP100'),
      expect.stringContaining('GWP20'),
    ]);
    await userEvent.click(
      screen.getByRole('button', {
        name: /^Rank datasets by EF v3\.1 › climate change › global warming potential \(GWP20\), now largest first$/,
      }),
    );
    expect(onRank).toHaveBeenCalledWith({ indicatorId: 2, direction: 'asc' });
  });

  it('cycles a ranking through largest first, smallest first and none', () => {
    const first = nextRank(undefined, 7);
    expect(first).toEqual({ indicatorId: 7, direction: 'desc' });
    const second = nextRank(first, 7);
    expect(second).toEqual({ indicatorId: 7, direction: 'asc' });
    expect(nextRank(second, 7)).toBeUndefined();
    expect(nextRank(second, 8)).toEqual({ indicatorId: 8, direction: 'desc' });
  });

  it('shows relative values as a share of the baseline dataset', () => {
    table({ view: 'relative', baseline: 2989 });
    const row = screen.getByRole('row', { name: /GWP20/ });
    expect(within(row).getByText('62.5 %')).toBeVisible();
    expect(within(row).getByText('100 %')).toBeVisible();
    expect(screen.getAllByRole('columnheader')[3]).toHaveTextContent('100 %');
  });
});
