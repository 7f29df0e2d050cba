import { MAX_INDICATORS_PER_CALL } from '../../../../shared/api/routes';
import type { Indicator } from '../../../../shared/api/schemas';
import type { SearchOf } from '../../../config/routes';
import { indicatorsForTheme, themeOrDefault } from '../../../features/compare/themes';
import { groupByIndicator } from '../../../features/indicators/tree';

/*
 * Beside the compare page, not in features/compare: the rows join the compare's themes with the
 * catalogue's indicators grouped by name (features/indicators), which only a page may do.
 */

/**
 * The rows compared: the indicators chosen, or across methods a theme or one indicator by name
 * (every method's GWP100, say); as many as a comparison takes.
 */
export function comparedIndicators(all: readonly Indicator[], search: SearchOf<'compare'>) {
  const groups = groupByIndicator(all.filter((indicator) => !/ no LT$/.test(indicator.method)));
  const named = groups.find((group) => group.name === search.indicator);
  const theme = themeOrDefault(search.theme);
  const wanted =
    search.mode === 'methods'
      ? (named?.indicators ?? indicatorsForTheme(all, theme))
      : all.filter((indicator) => search.ind.includes(indicator.id));
  const indicators = wanted.slice(0, MAX_INDICATORS_PER_CALL);
  return {
    /** Indicator names several methods share, for "or one indicator". */
    sharedNames: groups.filter((group) => group.indicators.length > 1).map((g) => g.name),
    named: named?.name,
    theme,
    /** How many indicators match, before the cap. */
    wanted: wanted.length,
    indicators,
  };
}
