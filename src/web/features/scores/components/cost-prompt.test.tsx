import { screen } from '@testing-library/react';
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

  it('counts a user not yet billed this period as a charge', () => {
    expect(describeCharges({ datasets: [], indicators: [], user: true })).toBe('you as a user');
    expect(describeCharges({ datasets: [1, 2], indicators: [3], user: true })).toBe(
      '2 new datasets, 1 new indicator and you as a user',
    );
    expect(describeCharges({ datasets: [], indicators: [], user: false })).toBeUndefined();
  });
});
