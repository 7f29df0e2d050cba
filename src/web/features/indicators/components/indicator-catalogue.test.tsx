import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Indicator, IndicatorCounterparts } from '../../../../shared/api/schemas';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { renderWithProviders } from '../../../testing/render';
import { IndicatorCatalogue } from './indicator-catalogue';
import { IndicatorElsewhere } from './indicator-elsewhere';
import { useIndicatorFilter } from '../use-indicator-filter';

const indicator = (id: number, method: string, category: string, name: string, unit: string) => ({
  id,
  method,
  category,
  indicator: name,
  unit,
});
const INDICATORS: Indicator[] = [
  indicator(1, 'EF v3.1', 'climate change', 'global warming potential (GWP100)', 'kg CO2-Eq'),
  indicator(2, 'EF v3.1', 'acidification', 'accumulated exceedance (AE)', 'mol H+-Eq'),
  indicator(
    3,
    'EF v3.1 no LT',
    'climate change no LT',
    'global warming potential (GWP100) no LT',
    'kg CO2-Eq',
  ),
  indicator(
    4,
    'ReCiPe 2016 v1.03, midpoint (H)',
    'climate change',
    'global warming potential (GWP100)',
    'kg CO2-Eq',
  ),
  indicator(
    5,
    'ReCiPe 2016 v1.03, midpoint (E)',
    'climate change',
    'global warming potential (GWP1000)',
    'kg CO2-Eq',
  ),
];

/** The catalogue as its page holds it, the filter's words with the page. */
function Catalogue() {
  return (
    <IndicatorCatalogue
      indicators={INDICATORS}
      setLink={(ids) => `/x?ind=${ids.join(',')}`}
      filter={useIndicatorFilter()}
    />
  );
}

function catalogue(path = '/3.12/cutoff/indicators') {
  return renderWithProviders(<Catalogue />, { path });
}

describe('the indicator catalogue', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('finds a method by its full name as pasted, punctuation and all', async () => {
    catalogue();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Filter indicators' }),
      'ReCiPe 2016 v1.03, midpoint (H)',
    );
    expect(await screen.findByText('1 of 5 indicators match')).toBeVisible();
  });

  it('follows words that come from elsewhere, as a link to this page with other words', async () => {
    const { router } = catalogue('/3.12/cutoff/indicators?q=acid');
    const box = screen.getByRole('textbox', { name: 'Filter indicators' });
    expect(box).toHaveValue('acid');
    await act(() => router.navigate('/3.12/cutoff/indicators?q=GWP1000'));
    expect(box).toHaveValue('GWP1000');
    expect(await screen.findByText('1 of 5 indicators match')).toBeVisible();
  });

  it('shows the set being built whatever the filter shows, each one removable', async () => {
    const { router } = catalogue('/3.12/cutoff/indicators?ind=1,4&q=acid');
    expect(screen.getByText('Your set: 2 indicators')).toBeVisible();
    const set = screen.getByRole('list', { name: 'Your set' });
    expect(set).toHaveTextContent('EF v3.1 › global warming potential (GWP100) (1)');
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Remove ReCiPe 2016 v1.03, midpoint (H) › global warming potential (GWP100) (4) from the set',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=acid&ind=1'));
  });

  it('saves the set under a name and opens it again', async () => {
    const { router } = catalogue('/3.12/cutoff/indicators?ind=2,5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Acid and GWP1000');
    await userEvent.click(screen.getByRole('button', { name: 'Save set' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ind=2,5&set=Acid+and+GWP1000'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(router.state.location.search).toBe('?set=Acid+and+GWP1000'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Open a saved set' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acid and GWP1000' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ind=2,5&set=Acid+and+GWP1000'));
  });
});

describe('an indicator in other releases', () => {
  it('says on request what stands for it in each other release, with a link there', async () => {
    // The row's button, as the catalogue puts it beside each indicator's ID.
    const { queryClient } = renderWithProviders(
      <IndicatorElsewhere
        indicator={INDICATORS[1] as Indicator}
        version="3.12"
        systemModel="cutoff"
        others={['3.11', '3.10']}
      />,
      { path: '/3.12/cutoff/indicators' },
    );
    const answer = (to: string, entry: IndicatorCounterparts['indicators'][number]) =>
      queryClient.setQueryData(
        counterpartQueries.between({ version: '3.12', systemModel: 'cutoff' }, to).queryKey,
        {
          version: '3.12',
          to,
          system_model: 'cutoff',
          indicators: [entry],
        },
      );
    answer('3.11', {
      id: 2,
      counterpart: {
        indicator: { ...INDICATORS[1], id: 7, category: 'acidification: terrestrial' } as Indicator,
        basis: 'renamed',
        differs: ['category'],
      },
      candidates: [],
    });
    answer('3.10', { id: 2, counterpart: null, candidates: [] });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'EF v3.1 › acidification › accumulated exceedance (AE) (2) in other releases',
      }),
    );
    const region = await screen.findByRole('region', { name: 'Indicator 2 in other releases' });
    expect(region).toHaveTextContent(
      '3.11: renamed (category) in 3.11: 7 (EF v3.1 › acidification: terrestrial)',
    );
    expect(region).toHaveTextContent('3.10: no counterpart in 3.10');
    expect(within(region).getByRole('link', { name: 'Show 7 in 3.11' })).toHaveAttribute(
      'href',
      '/3.11/cutoff/indicators?q=7',
    );
  });
});
