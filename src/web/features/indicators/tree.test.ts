import { describe, expect, it } from 'vitest';
import { buildTree, filterIndicators, filterTerms, flattenTree, groupByIndicator } from './tree';

const indicators = [
  {
    id: 882,
    method: 'CML v4.8 2016',
    category: 'climate change',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  },
  {
    id: 964,
    method: 'CML v4.8 2016',
    category: 'acidification',
    indicator: 'acidification (incl. fate, average Europe total, A&B)',
    unit: 'kg SO2-Eq',
  },
  {
    id: 1421,
    method: 'ReCiPe 2016 v1.03, midpoint (H)',
    category: 'climate change',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  },
  {
    id: 883,
    method: 'ReCiPe 2016 v1.03, midpoint (E)',
    category: 'climate change',
    indicator: 'global warming potential (GWP1000)',
    unit: 'kg CO2-Eq',
  },
  {
    id: 1443,
    method: 'EF v3.1',
    category: 'climate change',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  },
  {
    id: 1500,
    method: 'EF v3.1 no LT',
    category: 'climate change no LT',
    indicator: 'global warming potential (GWP100) no LT',
    unit: 'kg CO2-Eq',
  },
];

const fossil = [
  ...indicators,
  {
    id: 1660,
    method: 'EF v3.1',
    category: 'climate change: fossil',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  },
];

describe('the indicator tree', () => {
  it('groups by method and category with counts', () => {
    const tree = buildTree(indicators);
    expect(tree.map((m) => [m.name, m.count])).toEqual([
      ['CML v4.8 2016', 2],
      ['EF v3.1', 1],
      ['EF v3.1 no LT', 1],
      ['ReCiPe 2016 v1.03, midpoint (E)', 1],
      ['ReCiPe 2016 v1.03, midpoint (H)', 1],
    ]);
    expect(tree[0]?.categories.map((c) => c.name)).toEqual(['acidification', 'climate change']);
  });

  it('matches every term across the levels: "recipe H climate"', () => {
    expect(filterIndicators(indicators, filterTerms('recipe H climate')).map((i) => i.id)).toEqual([
      1421,
    ]);
  });

  it('matches "climate change GWP100" in every method, and IDs and units too', () => {
    expect(
      filterIndicators(indicators, filterTerms('climate change GWP100')).map((i) => i.id),
    ).toEqual([882, 1421, 1443, 1500]);
    expect(filterIndicators(indicators, filterTerms('964')).map((i) => i.id)).toEqual([964]);
    expect(filterIndicators(indicators, filterTerms('SO2')).map((i) => i.id)).toEqual([964]);
  });

  it('is not defeated by punctuation pasted from a method, unit or category name', () => {
    const ids = (query: string) => filterIndicators(fossil, filterTerms(query)).map((i) => i.id);
    expect(ids('ReCiPe 2016 v1.03, midpoint (H)')).toEqual([1421]);
    expect(ids('(H)')).toEqual([1421]);
    expect(ids('kg CO2-Eq')).toEqual([882, 1421, 883, 1443, 1500, 1660]);
    expect(ids('kg SO2-Eq.')).toEqual([964]);
    expect(ids('climate change: fossil')).toEqual([1660]);
    expect(ids('"EF v3.1"')).toEqual([1443, 1500, 1660]);
  });

  it('keeps everything for an empty filter and nothing for an impossible one', () => {
    expect(filterIndicators(indicators, filterTerms('  '))).toHaveLength(indicators.length);
    expect(filterIndicators(indicators, filterTerms('climate zzz'))).toEqual([]);
  });

  it('shows children of open nodes only', () => {
    const tree = buildTree(indicators);
    const closed = flattenTree(tree, () => false);
    expect(closed.map((row) => row.kind)).toEqual([
      'method',
      'method',
      'method',
      'method',
      'method',
    ]);
    const open = flattenTree(
      tree,
      (key) => key === 'm:CML v4.8 2016' || key === 'c:CML v4.8 2016|climate change',
    );
    expect(open.slice(0, 4).map((row) => row.key)).toEqual([
      'm:CML v4.8 2016',
      'c:CML v4.8 2016|acidification',
      'c:CML v4.8 2016|climate change',
      'i:882',
    ]);
  });

  it('groups the same indicator across methods, its "no LT" twin included', () => {
    const groups = groupByIndicator(indicators);
    expect(groups[0]?.name).toBe('global warming potential (GWP100)');
    expect(groups[0]?.indicators.map((i) => i.id)).toEqual([882, 1443, 1500, 1421]);
  });
});

describe('the filter’s order', () => {
  const cited = {
    id: 840,
    method: 'EN15804+A2 - Core impact categories and indicators',
    category: 'climate change: total (EF v3.1 - IPCC 2021)',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  };
  const named = {
    id: 1024,
    method: 'IPCC 2021',
    category: 'climate change: total (excl. biogenic CO2)',
    indicator: 'global warming potential (GWP100)',
    unit: 'kg CO2-Eq',
  };

  it('lists first the methods whose own name holds the words typed, not those that cite them', () => {
    const terms = filterTerms('IPCC 2021 climate change GWP100');
    const matching = filterIndicators([cited, named], terms);
    expect(matching.map((indicator) => indicator.id)).toEqual([1024, 840]);
    expect(buildTree(matching, terms).map((method) => method.name)).toEqual([
      'IPCC 2021',
      'EN15804+A2 - Core impact categories and indicators',
    ]);
    // Without words, by name.
    expect(buildTree([named, cited]).map((method) => method.name)[0]).toBe(
      'EN15804+A2 - Core impact categories and indicators',
    );
  });
});
