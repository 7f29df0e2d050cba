import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { plural } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { describeCharges } from '../bill';
import { CostPrompt } from './cost-prompt';

describe('the cost prompt', () => {
  it('says what loading adds, in words that agree with their numbers', () => {
    renderWithProviders(
      <CostPrompt
        title={`Scores for ${plural(1, 'dataset')} × ${plural(1, 'indicator')}`}
        charges={{ datasets: [8279], indicators: [882], user: false }}
        onLoad={vi.fn()}
      />,
    );
    expect(screen.getByText('Scores for 1 dataset × 1 indicator')).toBeVisible();
    expect(
      screen.getByText(
        'Loading them adds 1 new dataset and 1 new indicator to this period’s licence bill.',
      ),
    ).toBeVisible();
  });

  it('names each dataset and indicator it loads, and which are new this period', () => {
    renderWithProviders(
      <CostPrompt
        title="Scores"
        charges={{ datasets: [8279], indicators: [882], user: false }}
        loads={{
          datasets: [{ id: 8279, name: 'market for electricity, low voltage, Mexico (MX) (8279)' }],
          indicators: [
            {
              id: 882,
              method: 'IPCC 2021',
              category: 'climate change: fossil',
              indicator: 'global warming potential (GWP100)',
            },
            {
              id: 883,
              method: 'IPCC 2021',
              category: 'climate change: biogenic',
              indicator: 'global warming potential (GWP100)',
            },
          ],
        }}
        onLoad={vi.fn()}
      />,
    );
    const datasets = screen.getByRole('list', { name: 'It loads 1 dataset' });
    expect(datasets).toHaveTextContent(
      'market for electricity, low voltage, Mexico (MX) (8279) · new this period',
    );
    const indicators = within(screen.getByRole('list', { name: 'on 2 indicators' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(indicators).toEqual([
      'IPCC 2021 › climate change: fossil › global warming potential (GWP100) · new this period',
      'IPCC 2021 › climate change: biogenic › global warming potential (GWP100)',
    ]);
  });

  it('counts a user not yet billed this period as a charge', () => {
    expect(describeCharges({ datasets: [], indicators: [], user: true })).toBe('you as a user');
    expect(describeCharges({ datasets: [1, 2], indicators: [3], user: true })).toBe(
      '2 new datasets, 1 new indicator and you as a user',
    );
    expect(describeCharges({ datasets: [], indicators: [], user: false })).toBeUndefined();
  });
});
