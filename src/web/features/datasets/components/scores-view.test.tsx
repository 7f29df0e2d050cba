import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ScoresTable } from './scores-view';

const row = (id: number, score: number | null) => ({
  id,
  score,
  unit: 'kg CO2-Eq',
  method: 'EF v3.1',
  category: `category ${id}`,
  indicator: 'global warming potential (GWP100)',
});

describe('a dataset’s scores', () => {
  it('shows a score the data service did not give as “No score”, never as 0, and the others as they came', async () => {
    renderWithProviders(<ScoresTable scores={[row(1, 0.864591), row(2, null)]} />);
    const table = await screen.findByRole('table', { name: 'Impact scores' });
    const [, given, missing] = within(table).getAllByRole('row');
    expect(within(given as HTMLElement).getByText('0.8646')).toBeVisible();
    const cell = within(missing as HTMLElement).getByText('No score');
    expect(cell).toHaveAttribute(
      'title',
      'no score: the data service gave none for this indicator',
    );
    expect(missing?.textContent).not.toMatch(/\b0\b/);
  });
});
