import {
  IPCC_2021_OLD_LAYOUT,
  IPCC_2021_RELAYOUT,
  LCIA_3_12,
  type IndicatorFact,
} from './facts/lcia';
import { uniform } from './hash';

export interface IndicatorRecord {
  id: number;
  method: string;
  category: string;
  indicator: string;
  unit: string;
}

const NO_LT = ' no LT';
/** Methods that have no "no LT" twin (demo-data-facts.md §3.1 and §3.6). */
const WITHOUT_TWIN = new Set([
  'Crustal Scarcity Indicator 2020',
  'EF v3.0 EN15804',
  'EF v3.1 EN15804',
  'EN15804+A2 - Core impact categories and indicators',
  'EN15804+A2 - Additional impact categories and indicators',
]);

/** Methods ecoinvent implements on its own flows (§3.6), offered in every release here. */
const NATIVE: readonly IndicatorFact[] = [
  ...[
    'energy resources: non-renewable',
    'energy resources: non-renewable, biomass',
    'energy resources: non-renewable, fossil',
    'energy resources: non-renewable, nuclear',
    'energy resources: renewable',
    'energy resources: renewable, biomass',
    'energy resources: renewable, geothermal',
    'energy resources: renewable, geothermal, solar, wind',
    'energy resources: renewable, solar',
    'energy resources: renewable, water',
    'energy resources: renewable, wind',
    'total',
  ].map(
    (category) =>
      ['Cumulative Energy Demand (CED)', category, 'energy content (HHV)', 'MJ-Eq'] as const,
  ),
  ...[
    'energy resources: non-renewable',
    'energy resources: non-renewable, fossil',
    'energy resources: non-renewable, nuclear',
    'energy resources: renewable',
    'energy resources: renewable, biomass',
    'energy resources: renewable, water',
    'material resources',
    'material resources: metals',
    'material resources: minerals',
    'material resources: water',
    'total',
  ].map(
    (category) => ['Cumulative Exergy Demand (CExD)', category, 'exergy content', 'MJ-Eq'] as const,
  ),
  ['IPCC 2013', 'climate change', 'global temperature change potential (GTP100)', 'kg CO2-Eq'],
  ['IPCC 2013', 'climate change', 'global temperature change potential (GTP20)', 'kg CO2-Eq'],
  ['IPCC 2013', 'climate change', 'global warming potential (GWP100)', 'kg CO2-Eq'],
  ['IPCC 2013', 'climate change', 'global warming potential (GWP20)', 'kg CO2-Eq'],
  ['selected LCI results', 'air', 'CO2, fossil', 'kg'],
  ['selected LCI results', 'air', 'nitrogen oxides', 'kg'],
  ['selected LCI results', 'air', 'NMVOC', 'kg'],
  ['selected LCI results', 'air', 'particulates, < 2.5 um', 'kg'],
  ['selected LCI results', 'air', 'sulphur dioxide', 'kg'],
  ['selected LCI results', 'resource', 'land occupation', 'm2*a'],
  ['selected LCI results', 'soil', 'cadmium', 'kg'],
  ['selected LCI results', 'water', 'BOD', 'kg'],
];

/** Real IDs seen in the live API (demo-data-facts.md §3.2), kept so familiar IDs work. */
const PINNED: Record<string, number> = {
  'CML v4.8 2016|climate change|global warming potential (GWP100)': 882,
  'CML v4.8 2016|ecotoxicity: terrestrial|terrestrial ecotoxicity (TETP inf)': 886,
  'CML v4.8 2016|ecotoxicity: marine|marine aquatic ecotoxicity (MAETP inf)': 889,
  'CML v4.8 2016|eutrophication|eutrophication (fate not incl.)': 897,
  'EF v3.0|water use|user deprivation potential (deprivation-weighted water consumption)': 904,
  'CML v4.8 2016|ecotoxicity: freshwater|freshwater aquatic ecotoxicity (FAETP inf)': 926,
  'CML v4.8 2016|photochemical oxidant formation|photochemical oxidation (high NOx)': 953,
  'CML v4.8 2016|energy resources: non-renewable|abiotic depletion potential (ADP): fossil fuels': 956,
  'CML v4.8 2016|ozone depletion|ozone layer depletion (ODP steady state)': 962,
  'CML v4.8 2016|acidification|acidification (incl. fate, average Europe total, A&B)': 964,
  'CML v4.8 2016|human toxicity|human toxicity (HTP inf)': 977,
  'CML v4.8 2016|material resources: metals/minerals|abiotic depletion potential (ADP): elements (ultimate reserves)': 990,
  'Cumulative Energy Demand (CED)|energy resources: non-renewable|energy content (HHV)': 1087,
};

const keyOf = (fact: IndicatorFact) => `${fact[0]}|${fact[1]}|${fact[2]}`;

function withTwins(facts: readonly IndicatorFact[]): IndicatorFact[] {
  const twins = facts
    .filter(([method]) => !WITHOUT_TWIN.has(method))
    .map(
      ([method, category, indicator, unit]) =>
        [`${method}${NO_LT}`, `${category}${NO_LT}`, `${indicator}${NO_LT}`, unit] as const,
    );
  return [...facts, ...twins, ...NATIVE];
}

function release312(): IndicatorFact[] {
  return [...LCIA_3_12];
}

function release311(): IndicatorFact[] {
  return LCIA_3_12.filter(
    ([method]) => method !== 'EF v3.0 EN15804' && method !== 'EF v3.1 EN15804',
  );
}

function release310(): IndicatorFact[] {
  const dropped = new Set([
    'EN15804+A2 - Core impact categories and indicators',
    'EN15804+A2 - Additional impact categories and indicators',
    'IPCC 2021 (incl. biogenic CO2)',
    'IPCC 2021',
  ]);
  const facts: IndicatorFact[] = LCIA_3_12.filter(([method]) => !dropped.has(method));
  for (const method of ['EF v3.0 EN15804', 'EF v3.1 EN15804']) {
    facts.push([
      method,
      'climate change: GHG (EPD PCR)',
      'global warming potential (GWP100)',
      'kg CO2-Eq',
    ]);
  }
  for (const [category, indicator] of IPCC_2021_OLD_LAYOUT)
    facts.push(['IPCC 2021', category, indicator, 'kg CO2-Eq']);
  return facts;
}

const FACTS_BY_RELEASE: Record<string, IndicatorFact[]> = {
  '3.10': withTwins(release310()),
  '3.11': withTwins(release311()),
  '3.12': withTwins(release312()),
};

/**
 * One global ID per (method, category, indicator), kept across releases: pinned real IDs first,
 * the rest from 800 upward in a shuffled order with a few gaps, as a real catalogue has.
 */
function assignIds(): Map<string, number> {
  const keys = [...new Set(Object.values(FACTS_BY_RELEASE).flatMap((facts) => facts.map(keyOf)))];
  keys.sort((a, b) => uniform(`indicator-order|${a}`) - uniform(`indicator-order|${b}`));
  const taken = new Set(Object.values(PINNED));
  const ids = new Map<string, number>();
  let next = 800;
  for (const key of keys) {
    const pinned = PINNED[key];
    if (pinned !== undefined) {
      ids.set(key, pinned);
      continue;
    }
    while (taken.has(next) || uniform(`indicator-gap|${next}`) < 0.03) next++;
    ids.set(key, next);
    taken.add(next);
    next++;
  }
  return ids;
}

const IDS = assignIds();

export function indicatorsOf(version: string): IndicatorRecord[] {
  const facts = FACTS_BY_RELEASE[version] ?? [];
  return facts
    .map(([method, category, indicator, unit]) => ({
      id: IDS.get(`${method}|${category}|${indicator}`) ?? 0,
      method,
      category,
      indicator,
      unit,
    }))
    .sort(
      (a, b) =>
        a.method.localeCompare(b.method) ||
        a.category.localeCompare(b.category) ||
        a.indicator.localeCompare(b.indicator),
    );
}

/**
 * What each indicator of release `from` is in release `to`, as the generator laid the catalogues
 * out: the same (method, category, indicator) keeps its ID in every release; an IPCC 2021
 * category of the old layout that the new one rates under another name is that one, either way
 * round (its "no LT" twin alike); anything else has none. The record that following indicators
 * across releases is checked against, never the explorer's own output.
 */
export function indicatorLineage(from: string, to: string): Map<number, number | null> {
  const target = new Map(
    indicatorsOf(to).map((i) => [`${i.method}|${i.category}|${i.indicator}`, i.id]),
  );
  const forward = new Map(Object.entries(IPCC_2021_RELAYOUT));
  const backward = new Map(Object.entries(IPCC_2021_RELAYOUT).map(([a, b]) => [b, a]));
  const lineage = new Map<number, number | null>();
  for (const indicator of indicatorsOf(from)) {
    const { method, category, indicator: name } = indicator;
    const same = target.get(`${method}|${category}|${name}`);
    if (same !== undefined) {
      lineage.set(indicator.id, same);
      continue;
    }
    const twin = method.endsWith(NO_LT);
    const bare = (text: string) => (twin ? text.slice(0, -NO_LT.length) : text);
    const dressed = (text: string) => (twin ? `${text}${NO_LT}` : text);
    const ipcc = bare(method) === 'IPCC 2021';
    const other = forward.get(bare(category)) ?? backward.get(bare(category));
    const found =
      ipcc && other !== undefined ? target.get(`${method}|${dressed(other)}|${name}`) : undefined;
    lineage.set(indicator.id, found ?? null);
  }
  return lineage;
}
