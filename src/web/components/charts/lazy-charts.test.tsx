import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LineChart } from './lazy-charts';

const points = [
  { version: '3.11', a: 100 },
  { version: '3.12', a: 98.5 },
];

describe('a chart whose code loads when it is drawn', () => {
  it('holds its place at the chart’s height while its code loads, then draws the chart there', async () => {
    const { container } = renderWithProviders(
      <LineChart
        h={260}
        data={points}
        dataKey="version"
        series={[{ name: 'a', color: 'blue.6' }]}
        aria-label="Chart of the scores"
      />,
    );
    // Drawn first: the placeholder, as tall as the chart will be, so nothing below it moves.
    const placeholder = screen.getByRole('status', { name: 'Loading the chart' });
    const height = placeholder.style.height;
    expect(height).not.toBe('');
    // The chart replaces it once its code is in (a dynamic import: a moment, not a timeout).
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading the chart' })).not.toBeInTheDocument(),
    );
    const chart = container.querySelector('[aria-label="Chart of the scores"]');
    expect(chart).not.toBeNull();
    expect((chart as HTMLElement).style.height).toBe(height);
  });
});
