import type { Indicator } from '../../../shared/api/schemas';
import { rememberedIndicatorSet } from './use-indicator-selection';

/** Headline indicators for a first visit: climate change in EF v3.1 and IPCC 2021, and a few more EF v3.1 ones. */
const HEADLINES: readonly [method: string, category: string][] = [
  ['EF v3.1', 'climate change'],
  ['IPCC 2021', 'climate change: total (excl. biogenic CO2)'],
  ['IPCC 2021', 'climate change'],
  ['EF v3.1', 'acidification'],
  ['EF v3.1', 'particulate matter formation'],
  ['EF v3.1', 'energy resources: non-renewable'],
  ['EF v3.1', 'water use'],
];

export function defaultIndicatorSet(indicators: readonly Indicator[]): number[] {
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

/**
 * The indicators a page scores with: the set in its URL, else the one this browser last chose,
 * else the headline set; only those the release has.
 */
export function chooseIndicators(
  fromUrl: readonly number[],
  indicators: readonly Indicator[],
): number[] {
  const known = new Set(indicators.map((indicator) => indicator.id));
  const usable = (ids: readonly number[]) => ids.filter((id) => known.has(id));
  if (fromUrl.length > 0) return usable(fromUrl);
  const remembered = usable(rememberedIndicatorSet());
  return remembered.length > 0 ? remembered : defaultIndicatorSet(indicators);
}
