import { describe, expect, it } from 'vitest';
import { chartLabeller, indicatorLabeller } from './indicator-label';

const gwp100 = (category: string) => ({
  method: 'IPCC 2021',
  category,
  indicator: 'global warming potential (GWP100)',
});

describe('indicator labels', () => {
  it('names the category only where a method repeats the indicator name', () => {
    const fossil = gwp100('climate change: fossil');
    const biogenic = gwp100('climate change: biogenic');
    const acidification = {
      method: 'EF v3.1',
      category: 'acidification',
      indicator: 'accumulated exceedance (AE)',
    };
    const label = indicatorLabeller([fossil, biogenic, acidification]);
    expect(label(fossil)).toBe(
      'IPCC 2021 › climate change: fossil › global warming potential (GWP100)',
    );
    expect(label(biogenic)).not.toBe(label(fossil));
    expect(label(acidification)).toBe('EF v3.1 › accumulated exceedance (AE)');
  });

  it('gives every bar of a chart its own name', () => {
    const gwp20 = { ...gwp100('climate change'), indicator: 'global warming potential (GWP20)' };
    const shown = [gwp100('climate change'), gwp20, gwp100('climate change: fossil')];
    const names = shown.map(chartLabeller(shown));
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe('IPCC 2021 · climate change: fossil');
  });
});
