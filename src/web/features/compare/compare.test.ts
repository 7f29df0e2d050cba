import { describe, expect, it } from 'vitest';
import { mergeBatches, planBatches } from './batch-planner';
import { indicatorsForTheme, inTheme } from './themes';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('the batch planner', () => {
  it('asks for a 20 × 100 comparison in one call', () => {
    expect(planBatches(ids(20), ids(100, 800))).toEqual([
      { dataset_ids: ids(20), indicator_ids: ids(100, 800), limit: 20 },
    ]);
  });

  it('splits datasets into pages of 100 and indicators into calls of 100', () => {
    const calls = planBatches(ids(250), ids(150, 800));
    expect(calls).toHaveLength(6);
    expect(
      calls.map((call) => [call.dataset_ids.length, call.indicator_ids.length, call.limit]),
    ).toEqual([
      [100, 100, 100],
      [100, 50, 100],
      [100, 100, 100],
      [100, 50, 100],
      [50, 100, 50],
      [50, 50, 50],
    ]);
  });

  it('drops repeated IDs and still plans documentation without indicators', () => {
    expect(planBatches([1, 1, 2], [])).toEqual([
      { dataset_ids: [1, 2], indicator_ids: [], limit: 2 },
    ]);
  });

  it('merges the answers: each dataset once with all its scores, and says which were missing', () => {
    const dataset = (id: number, scoreIds: number[]) =>
      ({
        id,
        impact_scores: scoreIds.map((s) => ({
          id: s,
          score: s / 10,
          unit: 'u',
          method: 'm',
          category: 'c',
          indicator: 'i',
        })),
      }) as never;
    const merged = mergeBatches(
      [1, 2, 3],
      [{ datasets: [dataset(1, [800]), dataset(2, [800])] }, { datasets: [dataset(1, [900])] }],
    );
    expect([...(merged.scores.get(1)?.keys() ?? [])]).toEqual([800, 900]);
    expect(merged.datasets.size).toBe(2);
    expect(merged.missing).toEqual([3]);
  });
});

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
