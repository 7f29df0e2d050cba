import { ACTIVITIES, type ActivityType } from './facts/activities';
import { DEFAULT_FAMILY, FAMILY_RULES, type FamilyRule } from './facts/magnitudes';
import {
  ANIMAL_PRODUCTS,
  BUILDING_MATERIALS,
  CHEMICALS,
  CROPS,
  ELECTRICITY_TECHNOLOGIES,
  FERTILISERS_AND_AGROCHEMICALS,
  FUELS_AND_HEAT,
  METALS,
  PLASTICS,
  TRANSPORT,
  WASTE_ROUTES,
  WASTES,
  WATER,
  WOOD_AND_PAPER,
  type ProductWord,
} from './facts/vocabulary';
import { ALL_GEOGRAPHIES, COUNTRIES, hasGeography, SUBNATIONAL } from './geographies';
import { uniform } from './hash';

/** One activity × product that the generator places in several geographies. */
export interface Template {
  activity: string;
  product: string;
  unit: string;
  type: ActivityType;
  sectors: readonly string[];
  isicClass: string;
  family: FamilyRule;
  /** Geography codes in the order datasets are made: the real ones first. */
  geographies: readonly string[];
  /** How densely it is placed; electricity is the database's largest sector. */
  density: number;
  curated: boolean;
}

function familyOf(activity: string, product: string): FamilyRule {
  const text = `${activity} | ${product}`.toLowerCase();
  return FAMILY_RULES.find((family) => family.pattern.test(text)) ?? DEFAULT_FAMILY;
}

const REGIONS = [
  'RER',
  'RAS',
  'RNA',
  'RLA',
  'RAF',
  'RME',
  'UN-OCEANIA',
  'Europe without Switzerland',
  'WEU',
];
const GRIDS = ALL_GEOGRAPHIES.filter((g) =>
  /grid|SERC|RFC|WECC|NPCC|MRO|TRE|SPP|SGCC|ECGC|CCG|NCGC|CSG|NECG|NWG|SWG/.test(g.code),
).map((g) => g.code);
const EUROPEAN_FIRST = [
  'CH',
  'RER',
  'Europe without Switzerland',
  'DE',
  'FR',
  'IT',
  'ES',
  'GB',
  'NL',
  'AT',
  'SE',
  'PL',
];

/** The codes in a stable shuffled order that depends on the template. */
function shuffled(seed: string, codes: readonly string[]): string[] {
  return codes
    .map((code) => ({ code, key: uniform(`${seed}|${code}`) }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.code);
}

function geographiesFor(
  seed: string,
  type: ActivityType,
  electricity: boolean,
  seen: readonly string[],
): string[] {
  const countries = COUNTRIES.map((g) => g.code);
  let rest: string[];
  if (type === 'market group') {
    rest = ['GLO', ...shuffled(seed, REGIONS)];
  } else if (electricity) {
    rest = [...shuffled(seed, [...countries, ...GRIDS, ...SUBNATIONAL.map((g) => g.code)])];
  } else if (type === 'market activity') {
    const global = uniform(`${seed}|global-market`) < 0.35;
    rest = global
      ? ['GLO']
      : ['RoW', ...shuffled(seed, [...EUROPEAN_FIRST.slice(0, 3), ...countries]).slice(0, 40)];
  } else {
    const european = uniform(`${seed}|european`) < 0.5;
    const head = european ? ['RoW', ...shuffled(`${seed}|eu`, EUROPEAN_FIRST)] : ['RoW', 'GLO'];
    rest = [
      ...head,
      ...shuffled(seed, [...countries, ...REGIONS, ...SUBNATIONAL.map((g) => g.code)]).slice(0, 45),
    ];
  }
  const known = seen.filter(hasGeography);
  const all = [...known, ...rest].filter((code, i, list) => list.indexOf(code) === i);
  // GLO and RoW never stand side by side for one activity: RoW is "GLO minus the others".
  const hasGlo = all.includes('GLO');
  return hasGlo && all[0] === 'GLO'
    ? all.filter((code) => code !== 'RoW')
    : all.filter((code) => code !== 'GLO' || !all.includes('RoW'));
}

function template(
  activity: string,
  product: string,
  unit: string,
  type: ActivityType,
  sectors: readonly string[],
  isicClass: string,
  curated: boolean,
  seen: readonly string[] = [],
): Template {
  const electricity = /electricity/.test(product) && sectors.includes('Electricity');
  const seed = `${activity}|${product}`;
  return {
    activity,
    product,
    unit,
    type,
    sectors,
    isicClass,
    family: familyOf(activity, product),
    geographies: geographiesFor(seed, type, electricity, seen),
    density: electricity
      ? type === 'ordinary transforming activity'
        ? 2
        : 5
      : type === 'market group'
        ? 0.3
        : 1,
    curated,
  };
}

function fromWord(word: ProductWord): Template[] {
  const activity = word.activity ?? `${word.product} production`;
  return [
    template(
      activity,
      word.product,
      word.unit,
      'ordinary transforming activity',
      word.sectors,
      word.isicClass,
      false,
    ),
    template(
      `market for ${word.product}`,
      word.product,
      word.unit,
      'market activity',
      word.sectors,
      word.isicClass,
      false,
    ),
  ];
}

/** Every template the database can draw from: the curated list first, then the vocabulary. */
export function buildTemplates(): Template[] {
  const templates: Template[] = ACTIVITIES.map(
    ([activity, product, unit, type, seen, sectors, isicClass]) =>
      template(activity, product, unit, type, sectors, isicClass, true, seen),
  );
  const words = [
    ...CHEMICALS,
    ...FERTILISERS_AND_AGROCHEMICALS,
    ...PLASTICS,
    ...METALS,
    ...BUILDING_MATERIALS,
    ...WOOD_AND_PAPER,
    ...CROPS,
    ...ANIMAL_PRODUCTS,
    ...FUELS_AND_HEAT,
    ...TRANSPORT,
    ...WATER,
  ];
  templates.push(...words.flatMap(fromWord));
  for (const technology of ELECTRICITY_TECHNOLOGIES) {
    const lowVoltage = /3kWp/.test(technology);
    templates.push(
      template(
        `electricity production, ${technology}`,
        lowVoltage ? 'electricity, low voltage' : 'electricity, high voltage',
        'kWh',
        'ordinary transforming activity',
        ['Electricity'],
        '3510',
        false,
      ),
    );
  }
  for (const waste of WASTES) {
    const hazardous = /hazardous|solvent|paint|lubricating/.test(waste);
    for (const route of WASTE_ROUTES) {
      if (route === 'recycling' && /municipal|sludge|hazardous/.test(waste)) continue;
      templates.push(
        template(
          `treatment of ${waste}, ${route}`,
          waste,
          'kg',
          'ordinary transforming activity',
          ['Waste Treatment & Recycling'],
          route === 'recycling' ? '3830' : hazardous ? '3822' : '3821',
          false,
        ),
      );
    }
    templates.push(
      template(
        `market for ${waste}`,
        waste,
        'kg',
        'market activity',
        ['Waste Treatment & Recycling'],
        '3821',
        false,
      ),
    );
  }
  for (const product of [
    'cement, Portland',
    'transport, freight, lorry, unspecified',
    'steel, low-alloyed',
    'natural gas, high pressure',
    'polyethylene, high density, granulate',
  ]) {
    const base = templates.find((t) => t.product === product);
    templates.push(
      template(
        `market group for ${product}`,
        product,
        base?.unit ?? 'kg',
        'market group',
        base?.sectors ?? ['Chemicals'],
        base?.isicClass ?? '2011',
        false,
      ),
    );
  }
  const seen = new Set<string>();
  return templates.filter((t) => {
    const key = `${t.activity}|${t.product}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return t.geographies.length > 0;
  });
}
