import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../../shared/api/schemas';
import { renderCountingRows, renderWithProviders } from '../../../testing/render';
import { ROWS_FIRST } from '../../../lib/second-pass';
import { GEOGRAPHIES_SHOWN, SearchResults } from './search-results';

const product = (count: number): SearchHit => ({
  name: 'market for electricity, low voltage',
  activity_type: 'market activity',
  products: [
    {
      name: 'electricity, low voltage',
      unit: 'kWh',
      datasets: Array.from({ length: count }, (_, i) => ({
        id: 1000 + i,
        geography: `Place ${String(i).padStart(3, '0')} (P${i})`,
      })),
    },
  ],
});
const release = { version: '3.12', systemModel: 'cutoff' };

describe('search results', () => {
  const datasetLinks = () => screen.getAllByRole('link', { name: /, dataset \d+$/ });

  it('shows the first geographies of a product that has many, and all of them when asked', async () => {
    renderWithProviders(
      <SearchResults results={[product(40)]} release={release} indicatorIds={[]} />,
    );
    expect(datasetLinks()).toHaveLength(GEOGRAPHIES_SHOWN);
    expect(datasetLinks()[0]).toHaveAccessibleName(
      'market for electricity, low voltage, Place 000 (P0), dataset 1000',
    );
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Show all 40 geographies of electricity, low voltage',
      }),
    );
    expect(datasetLinks()).toHaveLength(40);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('draws the first screen of rows at once, and every row in the pass after', async () => {
    const activities = Array.from({ length: 20 }, (_, i) => ({
      ...product(2),
      name: `activity ${String(i).padStart(2, '0')}`,
    }));
    const rowsDrawn = renderCountingRows(
      <SearchResults results={activities} release={release} indicatorIds={[]} />,
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(21));
    expect(rowsDrawn[0]).toBe(ROWS_FIRST);
    expect(screen.getAllByRole('row').at(-1)).toHaveTextContent('activity 19');
  });

  it('shows every geography of a product with a few more than the first screen', () => {
    renderWithProviders(
      <SearchResults results={[product(30)]} release={release} indicatorIds={[]} />,
    );
    expect(datasetLinks()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('links a product’s geographies to a comparison when they fit in one', () => {
    renderWithProviders(
      <SearchResults results={[product(3)]} release={release} indicatorIds={[882]} />,
    );
    expect(
      screen.getByRole('link', { name: 'Compare the geographies of electricity, low voltage' }),
    ).toHaveAttribute('href', '/3.12/cutoff/compare?ds=1000,1001,1002&ind=882');
  });

  it('lets the user choose when there are more geographies than a comparison holds', async () => {
    const { router } = renderWithProviders(
      <SearchResults results={[product(25)]} release={release} indicatorIds={[]} />,
    );
    expect(screen.queryByRole('link', { name: /^Compare the geographies/ })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Compare the geographies of electricity, low voltage: choose 20 of 25',
      }),
    );
    const picker = await screen.findByRole('combobox', { name: 'Geographies' });
    await userEvent.type(picker, 'Place 024');
    await userEvent.click(await screen.findByRole('option', { name: 'Place 024 (P24) · 1024' }));
    await userEvent.click(screen.getByRole('button', { name: 'Compare 1 selected' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/3.12/cutoff/compare?ds=1024',
      ),
    );
  });

  it('ranks the geographies to choose from by code, then names starting, then containing', async () => {
    const places = ['China, East Grid (CN-ECGC)', 'Europe without Switzerland', 'Switzerland (CH)'];
    const hit = product(22);
    const first = hit.products[0];
    if (!first) throw new Error('no product');
    places.forEach((geography, i) => {
      const dataset = first.datasets[i];
      if (dataset) dataset.geography = geography;
    });
    renderWithProviders(<SearchResults results={[hit]} release={release} indicatorIds={[]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Compare the geographies/ }));
    const picker = await screen.findByRole('combobox', { name: 'Geographies' });
    await userEvent.type(picker, 'CH');
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options[0]).toBe('Switzerland (CH) · 1002');
    await userEvent.clear(picker);
    await userEvent.type(picker, 'switz');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Switzerland (CH) · 1002',
      'Europe without Switzerland · 1001',
    ]);
  });
});
