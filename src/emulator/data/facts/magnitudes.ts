/**
 * Plausible magnitudes for generated scores (demo-data-facts.md §8; literature-typical bands,
 * never ecoinvent results). A dataset's GWP100 comes from the first family rule its names match;
 * its other impacts are ratios to GWP for the family's impact profile.
 */
type ImpactProfile = 'energy' | 'chemicals' | 'metals' | 'agriculture' | 'renewables' | 'nuclear';

export interface FamilyRule {
  /** Matched against "activity | product" in lower case. */
  pattern: RegExp;
  /** GWP100 per reference unit: centre and plausible band (§8.4). */
  gwp: readonly [centre: number, low: number, high: number];
  profile: ImpactProfile;
  /** Share of GWP from methane, which separates GWP20/GWP500/GTP from GWP100 (§8.5). */
  methane: number;
}

const rule = (
  pattern: RegExp,
  gwp: readonly [number, number, number],
  profile: ImpactProfile,
  methane = 0.05,
): FamilyRule => ({ pattern, gwp, profile, methane });

export const FAMILY_RULES: readonly FamilyRule[] = [
  rule(/renewable energy products|label-certified/, [0.03, 0.01, 0.05], 'renewables', 0.02),
  rule(/electricity production, (hard coal|lignite)/, [1.0, 0.82, 1.2], 'energy', 0.06),
  rule(/electricity production, natural gas/, [0.5, 0.4, 0.65], 'energy', 0.12),
  rule(/electricity production, oil/, [0.85, 0.7, 1.0], 'energy', 0.04),
  rule(/electricity production, nuclear/, [0.012, 0.005, 0.02], 'nuclear', 0.03),
  rule(
    /electricity production, (hydro|wind|photovoltaic|solar|geothermal)/,
    [0.03, 0.006, 0.08],
    'renewables',
    0.05,
  ),
  rule(/electricity production, (wood|biogas|bagasse)/, [0.1, 0.03, 0.3], 'agriculture', 0.2),
  rule(/electricity|voltage/, [0.5, 0.05, 1.2], 'energy', 0.08),
  rule(/aluminium.*(scrap|secondary|remelt)/, [0.8, 0.4, 1.5], 'metals', 0.03),
  rule(/aluminium/, [13, 6, 20], 'metals', 0.03),
  rule(/steel.*electric arc|electric arc.*steel/, [0.6, 0.35, 1.0], 'metals', 0.03),
  rule(/reinforcing steel/, [1.9, 1.3, 2.4], 'metals', 0.04),
  rule(/steel|iron|pig iron/, [2.0, 1.6, 2.6], 'metals', 0.05),
  rule(/copper/, [4, 2.5, 7], 'metals', 0.04),
  rule(/nickel/, [13, 8, 25], 'metals', 0.04),
  rule(/lithium/, [6, 3, 12], 'metals', 0.04),
  rule(/battery|anode|cathode/, [12, 7, 20], 'metals', 0.04),
  rule(
    /zinc|lead|tin|gold|silver|platinum|palladium|cobalt|manganese|metal/,
    [5, 1, 30],
    'metals',
    0.04,
  ),
  rule(/clinker/, [0.88, 0.8, 0.95], 'chemicals', 0.01),
  rule(/cement.*(cem iii|slag)/, [0.45, 0.3, 0.6], 'chemicals', 0.01),
  rule(/cement/, [0.85, 0.75, 1.0], 'chemicals', 0.01),
  rule(/concrete/, [280, 200, 380], 'chemicals', 0.01),
  rule(/brick|tile|ceramic/, [0.25, 0.15, 0.35], 'chemicals', 0.02),
  rule(/glass/, [1.1, 0.8, 1.4], 'chemicals', 0.03),
  rule(/gravel|sand|stone|limestone/, [0.005, 0.003, 0.01], 'energy', 0.05),
  rule(/polyethylene terephthalate/, [2.6, 2.1, 3.1], 'chemicals', 0.05),
  rule(/polyethylene|polypropylene|polystyrene/, [1.9, 1.5, 2.2], 'chemicals', 0.05),
  rule(/polyvinylchloride|pvc/, [2.2, 1.8, 2.6], 'chemicals', 0.05),
  rule(/nylon|polyamide/, [8, 6, 10], 'chemicals', 0.04),
  rule(/ethylene|propylene|benzene|xylene|toluene/, [1.3, 1.0, 1.7], 'chemicals', 0.06),
  rule(/methanol/, [0.7, 0.5, 1.0], 'chemicals', 0.1),
  rule(/hydrogen/, [11, 9, 13], 'chemicals', 0.08),
  rule(/ammonia/, [2.4, 1.8, 3.5], 'chemicals', 0.1),
  rule(/urea/, [1.6, 1.2, 2.2], 'chemicals', 0.1),
  rule(/nitric acid/, [1.2, 0.3, 3], 'chemicals', 0.02),
  rule(/sodium hydroxide|chlorine/, [1.1, 0.7, 1.6], 'chemicals', 0.04),
  rule(/natural gas/, [0.35, 0.15, 0.8], 'energy', 0.45),
  rule(/hard coal|lignite|coal/, [0.2, 0.1, 0.4], 'energy', 0.5),
  rule(
    /petroleum|diesel|petrol|kerosene|heavy fuel oil|light fuel oil|crude oil/,
    [0.5, 0.3, 0.8],
    'energy',
    0.15,
  ),
  rule(/heat.*(wood|biomass|pellet|chips)/, [0.02, 0.01, 0.03], 'agriculture', 0.1),
  rule(/heat.*natural gas/, [0.075, 0.065, 0.09], 'energy', 0.1),
  rule(/heat|steam/, [0.1, 0.08, 0.13], 'energy', 0.06),
  rule(/transport, freight, lorry.*(3\.5-7\.5)/, [0.45, 0.3, 0.6], 'energy', 0.01),
  rule(/transport, freight, lorry.*(>32|32 metric ton)/, [0.085, 0.07, 0.1], 'energy', 0.01),
  rule(/transport, freight, lorry/, [0.15, 0.08, 0.5], 'energy', 0.01),
  rule(/transport, freight.*(train|rail)/, [0.045, 0.01, 0.08], 'energy', 0.01),
  rule(
    /transport, freight, (sea|inland waterways)|container ship|bulk carrier|barge/,
    [0.01, 0.006, 0.02],
    'energy',
    0.01,
  ),
  rule(/transport, freight, aircraft/, [1.0, 0.6, 1.6], 'energy', 0.005),
  rule(/transport, passenger car/, [0.25, 0.15, 0.4], 'energy', 0.01),
  rule(/transport, passenger, aircraft/, [0.15, 0.09, 0.3], 'energy', 0.005),
  rule(/transport/, [0.12, 0.02, 0.5], 'energy', 0.01),
  rule(/soybean/, [0.5, 0.3, 1.0], 'agriculture', 0.15),
  rule(/rape seed|sunflower|palm/, [1.0, 0.7, 1.5], 'agriculture', 0.2),
  rule(/potato|sugar beet|vegetable|tomato|onion|carrot/, [0.15, 0.1, 0.25], 'agriculture', 0.2),
  rule(/milk/, [1.2, 0.9, 1.8], 'agriculture', 0.5),
  rule(/cattle|beef|sheep/, [12, 8, 30], 'agriculture', 0.55),
  rule(/pig|swine|chicken|poultry|egg/, [3, 1.5, 5], 'agriculture', 0.3),
  rule(/rice/, [1.2, 0.8, 2.0], 'agriculture', 0.55),
  rule(
    /wheat|barley|maize|grain|oat|rye|sorghum|seed|crop|sugarcane/,
    [0.5, 0.3, 0.9],
    'agriculture',
    0.25,
  ),
  rule(
    /fertilising|harvesting|sowing|tillage|spraying|application of plant protection|field/,
    [20, 5, 80],
    'agriculture',
    0.05,
  ),
  rule(/fertiliser|fertilizer|phosphate|potassium/, [1.0, 0.3, 3], 'chemicals', 0.05),
  rule(/pesticide|herbicide|insecticide|fungicide|glyphosate/, [10, 5, 20], 'chemicals', 0.04),
  rule(
    /sawnwood|timber|roundwood|plywood|particle board|fibreboard|wood/,
    [90, 40, 200],
    'agriculture',
    0.05,
  ),
  rule(/paper|carton|cardboard|pulp|corrugated/, [1.0, 0.6, 1.6], 'chemicals', 0.1),
  rule(/tap water/, [0.0004, 0.0002, 0.0008], 'energy', 0.05),
  rule(
    /water, (deionised|ultrapure|decarbonised|completely softened)/,
    [0.002, 0.0005, 0.01],
    'energy',
    0.05,
  ),
  rule(/wastewater/, [0.5, 0.2, 0.9], 'chemicals', 0.5),
  rule(/municipal solid waste.*landfill|sanitary landfill/, [0.6, 0.2, 1.0], 'chemicals', 0.8),
  rule(/incineration/, [0.6, 0.3, 1.1], 'energy', 0.02),
  rule(/inert|residual material landfill|slag|ash/, [0.01, 0.005, 0.02], 'chemicals', 0.1),
  rule(/waste|scrap|treatment of|recycling|dismantling/, [0.1, 0.01, 1], 'chemicals', 0.3),
  rule(
    /facility|factory|plant construction|building|network|refinery|unit\b|construction/,
    [1e5, 1e3, 1e7],
    'metals',
    0.03,
  ),
  rule(/textile|yarn|fibre|fiber|cotton|fabric/, [8, 4, 15], 'agriculture', 0.1),
  rule(
    /acid|oxide|chloride|sulfate|sulphate|carbonate|hydroxide|chemical|solvent/,
    [1.5, 0.5, 4],
    'chemicals',
    0.04,
  ),
];

export const DEFAULT_FAMILY: FamilyRule = rule(/./, [1, 0.2, 5], 'chemicals', 0.05);

/** The reference impact per kg CO2-Eq of GWP100, by theme and profile (§8.5), as [low, high]. */
export type Theme =
  | 'fossil-energy'
  | 'acidification'
  | 'eutrophication-freshwater'
  | 'eutrophication-marine'
  | 'eutrophication-terrestrial'
  | 'photochemical'
  | 'particulate'
  | 'ozone'
  | 'ionising'
  | 'land'
  | 'water-deprivation'
  | 'water-consumption'
  | 'human-tox-carc'
  | 'human-tox-noncarc'
  | 'ecotox-freshwater'
  | 'metals-minerals';

type Band = readonly [number, number];
type Row = Record<Exclude<ImpactProfile, 'nuclear'>, Band> & { nuclear?: Band };

export const RATIO_BANDS: Record<Theme, Row> = {
  'fossil-energy': {
    energy: [11, 16],
    chemicals: [20, 45],
    metals: [8, 14],
    agriculture: [4, 8],
    renewables: [8, 25],
    nuclear: [200, 600],
  },
  acidification: {
    energy: [1e-3, 8e-3],
    chemicals: [2e-3, 6e-3],
    metals: [5e-3, 5e-2],
    agriculture: [5e-3, 2e-2],
    renewables: [2e-3, 1e-2],
  },
  'eutrophication-freshwater': {
    energy: [1e-5, 5e-4],
    chemicals: [5e-5, 3e-4],
    metals: [2e-4, 3e-3],
    agriculture: [3e-4, 3e-3],
    renewables: [1e-4, 1e-3],
  },
  'eutrophication-marine': {
    energy: [2e-4, 8e-4],
    chemicals: [2e-4, 6e-4],
    metals: [3e-4, 1e-3],
    agriculture: [5e-3, 2e-2],
    renewables: [3e-4, 1e-3],
  },
  'eutrophication-terrestrial': {
    energy: [3e-3, 1e-2],
    chemicals: [2e-3, 6e-3],
    metals: [3e-3, 1e-2],
    agriculture: [2e-2, 6e-2],
    renewables: [3e-3, 1e-2],
  },
  photochemical: {
    energy: [1e-3, 4e-3],
    chemicals: [2e-3, 8e-3],
    metals: [2e-3, 6e-3],
    agriculture: [2e-3, 5e-3],
    renewables: [1e-3, 4e-3],
  },
  particulate: {
    energy: [2e-8, 1e-7],
    chemicals: [2e-8, 6e-8],
    metals: [5e-8, 5e-7],
    agriculture: [5e-8, 3e-7],
    renewables: [3e-8, 2e-7],
  },
  ozone: {
    energy: [1e-9, 3e-8],
    chemicals: [5e-9, 1e-6],
    metals: [5e-9, 3e-8],
    agriculture: [5e-9, 3e-8],
    renewables: [1e-8, 5e-8],
  },
  ionising: {
    energy: [5e-3, 5e-2],
    chemicals: [1e-2, 1e-1],
    metals: [2e-2, 2e-1],
    agriculture: [2e-2, 1e-1],
    renewables: [0.1, 1],
    nuclear: [5, 40],
  },
  land: {
    energy: [0.2, 3],
    chemicals: [0.3, 3],
    metals: [1, 10],
    agriculture: [50, 500],
    renewables: [2, 50],
  },
  'water-deprivation': {
    energy: [0.01, 0.1],
    chemicals: [0.02, 0.3],
    metals: [0.05, 0.5],
    agriculture: [0.05, 5],
    renewables: [0.05, 2],
  },
  'water-consumption': {
    energy: [2e-3, 3e-2],
    chemicals: [5e-3, 5e-2],
    metals: [5e-3, 1e-1],
    agriculture: [0.02, 3],
    renewables: [0.01, 1],
  },
  'human-tox-carc': {
    energy: [1e-11, 1e-10],
    chemicals: [1e-11, 1e-10],
    metals: [1e-10, 2e-9],
    agriculture: [1e-11, 1e-10],
    renewables: [5e-11, 5e-10],
  },
  'human-tox-noncarc': {
    energy: [1e-10, 2e-9],
    chemicals: [2e-10, 2e-9],
    metals: [2e-9, 5e-8],
    agriculture: [2e-9, 2e-8],
    renewables: [1e-9, 2e-8],
  },
  'ecotox-freshwater': {
    energy: [0.5, 10],
    chemicals: [1, 10],
    metals: [10, 500],
    agriculture: [5, 200],
    renewables: [5, 100],
  },
  'metals-minerals': {
    energy: [1e-7, 3e-6],
    chemicals: [1e-7, 2e-6],
    metals: [1e-5, 3e-3],
    agriculture: [5e-7, 5e-6],
    renewables: [5e-6, 1e-4],
  },
};

/**
 * Coarse grid-intensity bands per country, our own rounding of public averages (§8.3 asks not
 * to embed the CC BY-SA table): the GWP of a kWh of low-voltage electricity, in kg CO2-Eq.
 */
export const GRID_BANDS: Record<string, number> = {
  NO: 0.05,
  SE: 0.06,
  IS: 0.03,
  FR: 0.08,
  CH: 0.12,
  AT: 0.2,
  BR: 0.2,
  CA: 0.22,
  FI: 0.15,
  DK: 0.25,
  BE: 0.22,
  ES: 0.25,
  PT: 0.3,
  GB: 0.3,
  IT: 0.45,
  NL: 0.45,
  DE: 0.55,
  IE: 0.4,
  US: 0.55,
  CZ: 0.65,
  KR: 0.6,
  TR: 0.65,
  MX: 0.62,
  JP: 0.62,
  AU: 0.8,
  CN: 0.85,
  PL: 0.95,
  ID: 0.9,
  SA: 0.85,
  IN: 1.05,
  ZA: 1.05,
  KZ: 0.95,
  EE: 0.7,
  GR: 0.6,
  BG: 0.55,
  RO: 0.4,
  HU: 0.35,
  SK: 0.25,
  SI: 0.35,
  HR: 0.3,
};
export const DEFAULT_GRID = 0.55;
