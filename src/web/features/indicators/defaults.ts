import type { Indicator } from '../../../shared/api/schemas';
import { headlineIndicatorIds } from '../../../shared/scores/headlines';
import { rememberedIndicatorSet } from './use-indicator-selection';

/** The headline set (src/shared/scores/headlines.ts): what a first visit scores with. */
export const defaultIndicatorSet = headlineIndicatorIds;

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
