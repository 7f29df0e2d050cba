import type { Indicator } from '../api/schemas';

/**
 * The headline indicators: what a first visit scores with, and what `npm run check:upstream`
 * asks the scores of. Climate change in EF v3.1 and IPCC 2021, and a few more EF v3.1 ones.
 */
const HEADLINES: readonly [method: string, category: string][] = [
  ['EF v3.1', 'climate change'],
  ['IPCC 2021', 'climate change: total (excl. biogenic CO2)'],
  ['IPCC 2021', 'climate change'],
  ['EF v3.1', 'acidification'],
  ['EF v3.1', 'particulate matter formation'],
  ['EF v3.1', 'energy resources: non-renewable'],
  ['EF v3.1', 'water use'],
];

/** The headline indicators a release has, in the headline order. */
export function headlineIndicatorIds(indicators: readonly Indicator[]): number[] {
  const ids: number[] = [];
  for (const [method, category] of HEADLINES) {
    const found = indicators.find(
      (indicator) =>
        indicator.method === method &&
        indicator.category === category &&
        !/GWP(20|500)\b|GTP/.test(indicator.indicator),
    );
    if (found) ids.push(found.id);
  }
  return ids;
}
