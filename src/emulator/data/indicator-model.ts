import type { Theme } from './facts/magnitudes';
import type { IndicatorRecord } from './indicators';

/** How an indicator's score is derived from a dataset's impacts. */
export type IndicatorModel =
  | {
      kind: 'climate';
      /** GWP100 = 1; GWP20, GWP500, GTP… via the dataset's methane share. */
      metric: 'gwp100' | 'gwp20' | 'gwp500' | 'gwp1000' | 'gtp100' | 'gtp50';
      part: 'total' | 'fossil' | 'biogenic' | 'luluc' | 'removals' | 'aircraft';
      /** How this method's characterisation sits relative to IPCC 2021 (§8.5). */
      lineage: 'ipcc2021' | 'ef31' | 'ef30' | 'other';
      factor: number;
    }
  | { kind: 'theme'; theme: Theme; factor: number; reducedWithoutLongTerm: boolean }
  | { kind: 'endpoint'; unit: 'DALY' | 'species.yr' | 'USD' | 'EUR' | 'UBP' | 'PDF' }
  | { kind: 'other' };

const NO_LT = / no LT$/;

function climateModel(method: string, category: string, indicator: string): IndicatorModel {
  const text = `${category} ${indicator}`;
  const metric = /GWP20\b|GWP 20a/.test(text)
    ? 'gwp20'
    : /GWP500|GWP 500a/.test(text)
      ? 'gwp500'
      : /GWP1000/.test(text)
        ? 'gwp1000'
        : /GTP100/.test(text)
          ? 'gtp100'
          : /GTP50|GTP20/.test(text)
            ? 'gtp50'
            : 'gwp100';
  const part = /removals/.test(category)
    ? 'removals'
    : /total|^climate change$|GHG|including SLCFs$/.test(category) &&
        !/: (fossil|biogenic|land use)/.test(category)
      ? 'total'
      : /aircraft emissions\)?$|: aircraft/.test(category) && !/excl\. aircraft/.test(category)
        ? 'aircraft'
        : /: fossil/.test(category)
          ? 'fossil'
          : /: biogenic/.test(category)
            ? 'biogenic'
            : /land use|dLUC|land-use/.test(category)
              ? 'luluc'
              : 'total';
  const lineage = /EF v3\.0|IPCC 2013/.test(`${method} ${category}`)
    ? 'ef30'
    : /^IPCC 2021/.test(method)
      ? 'ipcc2021'
      : /EF v3\.1|EN15804\+A2/.test(`${method} ${category}`)
        ? 'ef31'
        : 'other';
  const factor = /SLCFs/.test(category)
    ? 1.04
    : /GHG \(EPD PCR\)/.test(category)
      ? 0.99
      : /incl\. biogenic CO2/.test(method)
        ? 1.02
        : 1;
  return { kind: 'climate', metric, part, lineage, factor };
}

/** Unit factors from a theme's reference unit (EF v3.1's) to the unit each method uses. */
const UNIT_FACTORS: Record<string, number> = {
  'kg SO2-Eq': 0.6,
  'kg PO4-Eq': 3.07,
  'kg ethylene-Eq': 0.1,
  'kg NOx-Eq': 0.9,
  'kg O3-Eq': 15,
  'kg PM2.5-Eq': 1.5e4,
  'kBq Co-60-Eq': 0.1,
  'm2*a crop-Eq': 0.02,
  'kg oil-Eq': 1 / 42,
  'MJ-Eq': 1.1,
  'kg Cu-Eq': 300,
  'kg Si-Eq': 50,
};

function themeModel(
  category: string,
  indicator: string,
  unit: string,
): { theme: Theme; factor: number } | undefined {
  const text = `${category} | ${indicator}`.toLowerCase();
  const unitFactor = UNIT_FACTORS[unit] ?? 1;
  if (/acidification/.test(text)) return { theme: 'acidification', factor: unitFactor };
  if (/eutrophication: freshwater|freshwater eutrophication/.test(text))
    return { theme: 'eutrophication-freshwater', factor: unitFactor };
  if (/eutrophication: marine|marine eutrophication/.test(text))
    return { theme: 'eutrophication-marine', factor: unitFactor };
  if (/eutrophication: terrestrial/.test(text))
    return { theme: 'eutrophication-terrestrial', factor: unitFactor };
  if (/eutrophication/.test(text))
    return { theme: 'eutrophication-marine', factor: unit === 'kg PO4-Eq' ? 2.5 : unitFactor };
  if (/ozone depletion|ozone layer/.test(text)) return { theme: 'ozone', factor: 1 };
  if (/photochemical|ozone formation|smog/.test(text))
    return { theme: 'photochemical', factor: unitFactor };
  if (/particulate/.test(text)) return { theme: 'particulate', factor: unitFactor };
  if (/ionising/.test(text)) return { theme: 'ionising', factor: unitFactor };
  if (/water/.test(text)) {
    return unit.includes('deprived')
      ? { theme: 'water-deprivation', factor: 1 }
      : { theme: 'water-consumption', factor: 1 };
  }
  if (/land use|land occupation|land transformation/.test(text))
    return { theme: 'land', factor: unitFactor };
  if (/human toxicity: carcinogenic|carcinogenic/.test(text) && !/non-carcinogenic/.test(text)) {
    return { theme: 'human-tox-carc', factor: unit === 'CTUh' ? 1 : 1e9 };
  }
  if (/human toxicity/.test(text))
    return { theme: 'human-tox-noncarc', factor: unit === 'CTUh' ? 1 : 3e8 };
  if (/ecotoxicity/.test(text)) {
    if (unit === 'CTUe') return { theme: 'ecotox-freshwater', factor: 1 };
    if (/marine/.test(text))
      return { theme: 'ecotox-freshwater', factor: /MAETP/.test(indicator) ? 150 : 0.04 };
    if (/terrestrial/.test(text))
      return { theme: 'ecotox-freshwater', factor: /TETP/.test(indicator) ? 3e-4 : 0.3 };
    return { theme: 'ecotox-freshwater', factor: 0.03 };
  }
  if (/energy resources|fossil|energy content|exergy/.test(text)) {
    const share =
      /renewable/.test(text) && !/non-renewable/.test(text) ? 0.15 : /total/.test(text) ? 1.1 : 1;
    return { theme: 'fossil-energy', factor: unitFactor * share };
  }
  if (/material resources|metals|minerals|mineral resource/.test(text)) {
    return unit === 'MJ-Eq'
      ? { theme: 'fossil-energy', factor: 0.1 }
      : { theme: 'metals-minerals', factor: unitFactor };
  }
  return undefined;
}

/** Classifies an indicator once; the score function then needs no string work. */
export function modelOf(indicator: IndicatorRecord): IndicatorModel {
  const method = indicator.method.replace(NO_LT, '');
  const category = indicator.category.replace(NO_LT, '');
  const name = indicator.indicator.replace(NO_LT, '');
  const unit = indicator.unit;
  if (unit === 'DALY') return { kind: 'endpoint', unit: 'DALY' };
  if (unit === 'species.yr') return { kind: 'endpoint', unit: 'species.yr' };
  if (unit.startsWith('USD')) return { kind: 'endpoint', unit: 'USD' };
  if (unit.startsWith('EUR')) return { kind: 'endpoint', unit: 'EUR' };
  if (unit === 'UBP') return { kind: 'endpoint', unit: 'UBP' };
  if (unit === 'PDF.m3.yr') return { kind: 'endpoint', unit: 'PDF' };
  if (unit === 'kg CO2-Eq' || /climate change|global warming/.test(category))
    return climateModel(method, category, name);
  if (method === 'selected LCI results') {
    if (/CO2, fossil/.test(name))
      return { kind: 'climate', metric: 'gwp100', part: 'fossil', lineage: 'other', factor: 0.85 };
    if (/nitrogen oxides/.test(name))
      return { kind: 'theme', theme: 'acidification', factor: 0.5, reducedWithoutLongTerm: false };
    if (/sulphur dioxide/.test(name))
      return { kind: 'theme', theme: 'acidification', factor: 0.3, reducedWithoutLongTerm: false };
    if (/NMVOC/.test(name))
      return { kind: 'theme', theme: 'photochemical', factor: 0.3, reducedWithoutLongTerm: false };
    if (/particulates/.test(name))
      return { kind: 'theme', theme: 'particulate', factor: 2e4, reducedWithoutLongTerm: false };
    if (/land occupation/.test(name))
      return { kind: 'theme', theme: 'land', factor: 0.02, reducedWithoutLongTerm: false };
    return { kind: 'other' };
  }
  const theme = themeModel(category, name, unit);
  if (!theme) return { kind: 'other' };
  const reducedWithoutLongTerm =
    NO_LT.test(indicator.method) && /tox|eutrophication-freshwater/.test(theme.theme);
  return { kind: 'theme', ...theme, reducedWithoutLongTerm };
}
