import { describe, expect, it } from 'vitest';
import { indicatorsForTheme, inTheme } from './themes';

describe('the theme table', () => {
  it('puts every climate-change category of every method in climate change, and nothing else', () => {
    for (const category of [
      'climate change',
      'climate change: fossil',
      'climate change: total (excl. biogenic CO2)',
      'climate change no LT',
      'global warming',
    ]) {
      expect(inTheme('climate change', category), category).toBe(true);
    }
    for (const category of ['acidification', 'ozone depletion', 'land use'])
      expect(inTheme('climate change', category), category).toBe(false);
  });

  it('sorts other categories into their themes', () => {
    expect(inTheme('eutrophication', 'eutrophication: marine')).toBe(true);
    expect(inTheme('toxicity', 'human toxicity: carcinogenic, inorganics')).toBe(true);
    expect(inTheme('resources', 'energy resources: non-renewable')).toBe(true);
    expect(inTheme('water use', 'water use')).toBe(true);
    expect(inTheme('ozone depletion', 'photochemical oxidant formation')).toBe(false);
  });

  it('picks a theme’s indicators across methods, leaving out "no LT" twins unless asked', () => {
    const list = [
      {
        id: 1,
        method: 'EF v3.1',
        category: 'climate change',
        indicator: 'GWP100',
        unit: 'kg CO2-Eq',
      },
      {
        id: 2,
        method: 'EF v3.1 no LT',
        category: 'climate change no LT',
        indicator: 'GWP100 no LT',
        unit: 'kg CO2-Eq',
      },
      {
        id: 3,
        method: 'CML v4.8 2016',
        category: 'climate change',
        indicator: 'GWP100',
        unit: 'kg CO2-Eq',
      },
      {
        id: 4,
        method: 'CML v4.8 2016',
        category: 'acidification',
        indicator: 'AP',
        unit: 'kg SO2-Eq',
      },
    ];
    expect(indicatorsForTheme(list, 'climate change').map((i) => i.id)).toEqual([1, 3]);
    expect(
      indicatorsForTheme(list, 'climate change', { withoutLongTerm: true }).map((i) => i.id),
    ).toEqual([1, 2, 3]);
  });
});
