import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ReadingProgress } from './reading-progress';

describe('ReadingProgress', () => {
  it('says how many datasets are read so far, and lists first', () => {
    renderWithProviders(
      <ReadingProgress progress={{ done: 10_500, total: 42_000 }} what="3.11 and 3.12" />,
    );
    expect(
      screen.getByText('Reading 3.11 and 3.12: 10,500 of 42,000 datasets'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Reading 3.11 and 3.12' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('says it is listing while the total is not known', () => {
    renderWithProviders(<ReadingProgress progress={{ done: 0, total: 0 }} what="3.10" />);
    expect(screen.getByText('Listing the datasets of 3.10…')).toBeInTheDocument();
  });
});
