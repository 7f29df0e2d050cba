import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Dataset, Indicator } from '../../../../shared/api/schemas';
import type { GivenScore } from '../../scores/answers';
import { renderWithProviders } from '../../../testing/render';
import type { ReleaseRef } from '../../../config/routes';
import { columnKey, type Column, type Followed, type ShownColumn } from '../columns';
import { nextRank } from '../ranking';
import { fireEvent, waitFor } from '@testing-library/react';
import { ROWS_FIRST } from '../../../lib/second-pass';
import { CompareTable, DRAWN_WHOLE_CELLS, type CompareTableProps } from './compare-table';
import { ReferenceNote } from './reference-note';
import { aDataset } from '../../../testing/datasets';

const dataset = (id: number, activity: string, product: string, unit: string): Dataset =>
  aDataset({ id, activity, product, unit, geography: 'Germany (DE)' });
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

const shown = { version: '3.12', systemModel: 'cutoff' };
const columnOf = (of: Dataset, release = shown): ShownColumn => ({
  id: of.id,
  release,
  key: columnKey(of.id, release),
  dataset: of,
});
const value = (column: Column, indicatorId: number) =>
  scores.get(column.id)?.get(indicatorId)?.score;
const same = (_: ReleaseRef, indicatorId: number): Followed => ({
  kind: 'same',
  indicator: indicatorId === 1 ? gwp : gwp20,
});

function table(props: Partial<CompareTableProps> & { datasets?: Dataset[] } = {}) {
  const onRank = vi.fn();
  const { datasets = [electricity, clinker], ...rest } = props;
  renderWithProviders(
    <CompareTable
      columns={datasets.map((of) => columnOf(of))}
      indicators={[gwp, gwp20]}
      shown={shown}
      value={value}
      loaded={() => true}
      followed={same}
      view="absolute"
      baseline={undefined}
      rank={undefined}
      onRank={onRank}
      onRemove={vi.fn()}
      datasetHref={(column) => `/3.12/cutoff/datasets/${column.id}`}
      {...rest}
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
    table({ view: 'relative', baseline: '2989@3.12/cutoff' });
    const row = screen.getByRole('row', { name: /GWP20/ });
    expect(within(row).getByText('62.5 %')).toBeVisible();
    expect(within(row).getByText('100 %')).toBeVisible();
    expect(screen.getAllByRole('columnheader')[3]).toHaveTextContent('100 %');
  });

  it('names each column’s release, and scores another release on the row’s counterpart there, saying so', () => {
    const old = { version: '3.10', systemModel: 'cutoff' };
    const renamed = { ...gwp, id: 11, category: 'climate change (old name)' };
    const followed = (release: ReleaseRef, indicatorId: number): Followed =>
      release.version === '3.12'
        ? same(release, indicatorId)
        : indicatorId === 1
          ? { kind: 'counterpart', indicator: renamed, basis: 'renamed', differs: ['category'] }
          : {
              kind: 'none',
              candidates: [
                { indicator: gwp, relation: 'another method, same category and indicator' },
              ],
            };
    const columns = [columnOf(clinker), columnOf(clinker, old)];
    renderWithProviders(
      <CompareTable
        columns={columns}
        indicators={[gwp, gwp20]}
        shown={shown}
        value={(column, indicatorId) =>
          column.release.version === '3.10'
            ? indicatorId === 1
              ? 0.7
              : undefined
            : value(column, indicatorId)
        }
        loaded={() => true}
        followed={followed}
        view="absolute"
        baseline={undefined}
        rank={undefined}
        onRank={vi.fn()}
        onRemove={vi.fn()}
        datasetHref={(column) => `/${column.release.version}/cutoff/datasets/${column.id}`}
      />,
    );
    const headers = screen.getAllByRole('columnheader').slice(2);
    expect(headers[0]).toHaveTextContent('3.12 · cutoff');
    expect(headers[1]).toHaveTextContent('3.10 · cutoff');
    expect(within(headers[1] ?? document.body).getByRole('link')).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/2989',
    );
    const gwpRow = screen.getByRole('row', { name: /GWP100/ });
    expect(
      within(gwpRow).getByLabelText(
        /^7 × 10⁻¹ kg CO2-Eq, exactly 0\.7\. In 3\.10 · cutoff this is EF v3\.1 › climate change \(old name\) › global warming potential \(GWP100\) \(11\): renamed \(category differs\)$/,
      ),
    ).toBeVisible();
    // No counterpart: said, with the nearest, never a bare dash.
    const cell = within(screen.getByRole('row', { name: /GWP20/ })).getByText('no counterpart');
    expect(cell).toHaveAttribute(
      'title',
      'No counterpart in 3.10 · cutoff; nearest: EF v3.1 › climate change › global warming potential (GWP100) (1), another method, same category and indicator',
    );
  });

  describe('past DRAWN_WHOLE_CELLS cells, only the rows near the screen', () => {
    // Named in the order the table sorts them (by name): indicator 000 … indicator 149.
    const many = Array.from({ length: 150 }, (_, at) =>
      indicator(1000 + at, `indicator ${String(at).padStart(3, '0')}`),
    );
    const three = [electricity, clinker, dataset(7773, 'heat production', 'heat', 'MJ')];
    const big = () =>
      table({
        datasets: three,
        indicators: many,
        value: (_, id) => id - 1000,
        followed: (_, id) => ({ kind: 'same', indicator: many[id - 1000] ?? gwp }),
      });
    const drawn = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => Number(row.getAttribute('aria-rowindex')));

    /** The windowed body is loaded apart: its first rows show meanwhile (ROWS_FIRST of them). */
    const windowedDrawn = () => waitFor(() => expect(drawn().length).toBeGreaterThan(ROWS_FIRST));

    it('says how many rows there are, and draws only the first screen’s of them', async () => {
      expect(many.length * three.length).toBeGreaterThan(DRAWN_WHOLE_CELLS);
      big();
      await windowedDrawn();
      expect(screen.getByRole('table', { name: 'Comparison' })).toHaveAttribute(
        'aria-rowcount',
        '151',
      );
      const rows = drawn();
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThan(40);
      // Each row says its place in the whole table (the header is row 1), in order from the top.
      expect(rows).toEqual(rows.map((_, at) => at + 2));
      expect(screen.getByRole('row', { name: /indicator 000 / })).toBeVisible();
      expect(screen.queryByRole('row', { name: /indicator 149 / })).toBeNull();
    });

    it('draws the rows scrolled to', async () => {
      big();
      await windowedDrawn();
      const scroller = screen
        .getByRole('table', { name: 'Comparison' })
        .closest('.mantine-TableScrollContainer-scrollContainer');
      if (!(scroller instanceof HTMLElement)) throw new Error('no scroll container');
      // jsdom lays nothing out: the container says where it is scrolled, as a browser would.
      const place = { scrollTop: 100 * 60, scrollHeight: 151 * 60, clientHeight: 600 };
      for (const [name, value] of Object.entries(place))
        Object.defineProperty(scroller, name, { configurable: true, value });
      fireEvent.scroll(scroller);
      await waitFor(() => expect(drawn()[0]).toBeGreaterThan(80));
      const rows = drawn();
      expect(rows).toContain(102);
      // Each of the three datasets' scores there.
      expect(
        within(screen.getByRole('row', { name: /indicator 100 / })).getAllByLabelText(
          /exactly 100$/,
        ),
      ).toHaveLength(3);
      expect(screen.queryByRole('row', { name: /indicator 000 / })).toBeNull();
    });

    it('draws a smaller table whole, with no row count to say', () => {
      table({ indicators: many.slice(0, 100) });
      expect(screen.getByRole('table', { name: 'Comparison' })).not.toHaveAttribute(
        'aria-rowcount',
      );
      expect(screen.getAllByRole('row')).toHaveLength(101);
    });
  });
});
