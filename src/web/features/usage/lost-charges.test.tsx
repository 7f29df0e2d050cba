import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LostCharges } from './components/lost-charges';

describe('charges the ledger lost', () => {
  it('are said, with how many, beside the totals they are counted in', async () => {
    renderWithProviders(<LostCharges lost={{ datasets: 3, indicators: 1, users: 1 }} />);
    expect(
      await screen.findByText(
        /^Lost from the ledger: 3 datasets, 1 indicator and 1 user of these were billed by the data service/,
      ),
    ).toBeVisible();
    expect(screen.getByText(/count against the budget and are not listed below/)).toBeVisible();
  });

  it('are not mentioned when there are none', () => {
    const { container } = renderWithProviders(
      <LostCharges lost={{ datasets: 0, indicators: 0, users: 0 }} />,
    );
    expect(container.textContent).not.toContain('Lost from the ledger');
  });
});
