import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { SectorFilters, SectorIndexProgress } from './sector-filters';

describe('SectorFilters', () => {
  it('asks for the index only when a picker is opened, and says how far indexing has got', async () => {
    const onOpen = vi.fn();
    renderWithProviders(
      <SectorFilters
        sectors={{ status: 'building', done: 100, total: 2000 }}
        sector={undefined}
        isicSection={undefined}
        onChange={vi.fn()}
        onOpen={onOpen}
      />,
    );
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sector' }));
    expect(onOpen).toHaveBeenCalled();
    expect(await screen.findByRole('listbox')).toHaveTextContent(
      'Indexing this release: 100 of 2,000 datasets…',
    );
  });

  it('shows the chosen sector with its count, and one the release lacks as such', () => {
    renderWithProviders(
      <SectorFilters
        sectors={{
          status: 'ready',
          datasets: 12_345,
          sectors: [{ name: 'Electricity', datasets: 1_234 }],
          isic_sections: [{ name: 'D - Electricity', datasets: 987 }],
        }}
        sector="Electricity"
        isicSection="Z - Gone"
        onChange={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Sector' })).toHaveValue('Electricity (1,234)');
    expect(screen.getByRole('combobox', { name: 'ISIC section' })).toHaveValue(
      'Z - Gone (none in this release)',
    );
  });

  it('counts within the search once it is filtered, and says so', async () => {
    renderWithProviders(
      <SectorFilters
        sectors={{
          status: 'ready',
          datasets: 12_345,
          sectors: [
            { name: 'Electricity', datasets: 1_234 },
            { name: 'Metals', datasets: 800 },
          ],
          isic_sections: [{ name: 'D - Electricity', datasets: 987 }],
        }}
        facets={{
          sectors: [{ name: 'Electricity', datasets: 12 }],
          isic_sections: [{ name: 'D - Electricity', datasets: 7 }],
        }}
        sector="Electricity"
        isicSection="C - Manufacturing"
        onChange={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Sector' })).toHaveValue('Electricity (12)');
    expect(screen.getByRole('combobox', { name: 'ISIC section' })).toHaveValue(
      'C - Manufacturing (none in these results)',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Sector' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveTextContent('Datasets in these results');
    // Only what the results hold: a sector they lack is not offered with the release's count.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Electricity (12)']);
  });

  it('says an empty picker holds none of these results, rather than “No match”', async () => {
    renderWithProviders(
      <SectorFilters
        sectors={{ status: 'ready', datasets: 10, sectors: [], isic_sections: [] }}
        facets={{ sectors: [], isic_sections: [] }}
        sector={undefined}
        isicSection={undefined}
        onChange={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'ISIC section' }));
    expect(await screen.findByRole('listbox')).toHaveTextContent('None in these results');
  });
});

describe('SectorIndexProgress', () => {
  it('tells how many datasets are indexed so far', () => {
    renderWithProviders(
      <SectorIndexProgress sectors={{ status: 'building', done: 4_200, total: 21_922 }} />,
    );
    expect(screen.getByText('4,200 of 21,922 datasets indexed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sector index progress' })).toHaveAttribute(
      'aria-valuenow',
      '19',
    );
  });
});
