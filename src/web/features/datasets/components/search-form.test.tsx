import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import type { DatasetSearch } from '../search';
import { SearchForm, type SearchDraft } from './search-form';

const start: DatasetSearch = {
  q: 'electricity',
  geography: '',
  type: undefined,
  sector: '',
  isic: '',
  page: 1,
  size: 20,
  ind: [],
};

/** The search page around the form: its address, a Back button, and how often it drew. */
function Page({ renders, searched }: { renders: number[]; searched: SearchDraft[] }) {
  // After each of the page's own renders, not its children's.
  useLayoutEffect(() => {
    renders.push(renders.length + 1);
  });
  const [history, setHistory] = useState([start]);
  const search = history.at(-1) ?? start;
  return (
    <>
      <button type="button" onClick={() => setHistory((before) => before.slice(0, -1))}>
        Back
      </button>
      <SearchForm
        search={search}
        update={() => undefined}
        seen={[]}
        onSearch={(draft) => {
          searched.push(draft);
          setHistory((before) => [
            ...before,
            { ...search, q: draft.query, geography: draft.geography },
          ]);
        }}
        sectorFilters={false}
        sectors={undefined}
        facets={undefined}
        onOpenSectors={() => undefined}
      />
    </>
  );
}

function renderPage() {
  const renders: number[] = [];
  const searched: SearchDraft[] = [];
  renderWithProviders(<Page renders={renders} searched={searched} />);
  return { renders, searched };
}

describe('the dataset search form', () => {
  it('keeps what is typed to itself until it is searched: the page around it is not drawn again', async () => {
    const { renders } = renderPage();
    const before = renders.length;
    await userEvent.type(screen.getByRole('combobox', { name: 'Geography' }), 'germany');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), ' grid');
    expect(screen.getByRole('combobox', { name: 'Geography' })).toHaveValue('germany');
    expect(renders).toHaveLength(before);
  });

  it('searches the words trimmed and the geography as the data service names it', async () => {
    const { searched } = renderPage();
    const words = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.clear(words);
    await userEvent.type(words, '  cement ');
    await userEvent.type(screen.getByRole('combobox', { name: 'Geography' }), 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(searched).toEqual([{ query: 'cement', geography: 'France (FR)' }]);
    expect(words).toHaveValue('cement');
    expect(screen.getByRole('combobox', { name: 'Geography' })).toHaveValue('France (FR)');
  });

  it('shows the address’s words and geography again when Back changes them', async () => {
    renderPage();
    await userEvent.type(screen.getByRole('combobox', { name: 'Geography' }), 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('combobox', { name: 'Geography' })).toHaveValue('Germany (DE)');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('combobox', { name: 'Geography' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('electricity');
  });

  it('opens its suggestions on a click, and picks one', async () => {
    // Opened in a transition (geography-input.tsx): they come a render after the click.
    const { searched } = renderPage();
    const geography = screen.getByRole('combobox', { name: 'Geography' });
    await userEvent.click(geography);
    expect(await screen.findAllByRole('option')).toHaveLength(30);
    await userEvent.type(geography, 'switz');
    await userEvent.click(await screen.findByRole('option', { name: 'Switzerland (CH)' }));
    expect(geography).toHaveValue('Switzerland (CH)');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(searched).toEqual([{ query: 'electricity', geography: 'Switzerland (CH)' }]);
  });
});
