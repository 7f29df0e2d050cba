import type { Indicator } from '../../../shared/api/schemas';

/**
 * Which categories belong to which theme, written out rather than guessed at run time. A
 * category matches a theme when, without a trailing " no LT", it equals one of the theme's
 * names or begins with one followed by ":" (so "climate change: fossil" is climate change).
 */
const THEMES = {
  'climate change': ['climate change', 'global warming', 'climate change: GHG (EPD PCR)'],
  acidification: ['acidification', 'acidification: terrestrial'],
  eutrophication: [
    'eutrophication',
    'freshwater eutrophication',
    'marine eutrophication',
    'terrestrial eutrophication',
  ],
  'water use': [
    'water use',
    'water consumption',
    'water resources',
    'water use: deprivation potential',
  ],
  'land use': [
    'land use',
    'land occupation',
    'land transformation',
    'land use and land use change',
  ],
  toxicity: [
    'human toxicity',
    'ecotoxicity',
    'human toxicity: carcinogenic',
    'human toxicity: non-carcinogenic',
    'freshwater ecotoxicity',
    'marine ecotoxicity',
    'terrestrial ecotoxicity',
  ],
  resources: [
    'energy resources',
    'material resources',
    'resources',
    'mineral resource scarcity',
    'fossil resource scarcity',
    'abiotic depletion',
  ],
  'particulate matter': [
    'particulate matter formation',
    'particulate matter',
    'fine particulate matter formation',
  ],
  'ozone depletion': ['ozone depletion', 'ozone layer depletion', 'stratospheric ozone depletion'],
  'photochemical ozone': [
    'photochemical oxidant formation',
    'photochemical ozone formation',
    'ozone formation',
    'smog',
  ],
  'ionising radiation': ['ionising radiation', 'ionizing radiation'],
} as const satisfies Record<string, readonly string[]>;

export type Theme = keyof typeof THEMES;
export const THEME_NAMES = Object.keys(THEMES) as Theme[];

/** A theme named in a URL, or climate change for anything else. */
export function themeOrDefault(name: string): Theme {
  return THEME_NAMES.find((theme) => theme === name) ?? 'climate change';
}

export function inTheme(theme: Theme, category: string): boolean {
  const name = category.replace(/ no LT$/, '').toLowerCase();
  return THEMES[theme].some((entry) => {
    const base = entry.toLowerCase();
    return name === base || name.startsWith(`${base}:`) || name.startsWith(`${base},`);
  });
}

/** Every method's indicators for the theme (without "no LT" twins unless asked for). */
export function indicatorsForTheme(
  indicators: readonly Indicator[],
  theme: Theme,
  options: { withoutLongTerm?: boolean } = {},
): Indicator[] {
  return indicators
    .filter((indicator) => inTheme(theme, indicator.category))
    .filter((indicator) => options.withoutLongTerm || !/ no LT$/.test(indicator.method));
}
