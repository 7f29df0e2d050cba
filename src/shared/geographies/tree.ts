/**
 * Where ecoinvent's geographies lie within each other, simplified to one broader geography
 * each (a country in its continent, a province or grid in its country, a continent in GLO), and
 * how two geographies relate. Datasets move along this tree between releases (CH → RER, CA-QC →
 * CA, RoW ↔ GLO) and are split along it (countries carved out of RoW or GLO), as the change
 * reports in ../data/migrations show; the emulator moves its datasets by it, and matching says
 * by it how a candidate's geography relates to the dataset sought.
 */

const CONTINENTS: Record<string, readonly string[]> = {
  RER: [
    ...['CH', 'DE', 'FR', 'IT', 'ES', 'GB', 'NL', 'BE', 'AT', 'PL', 'SE', 'NO', 'FI', 'DK'],
    ...['CZ', 'PT', 'IE', 'GR', 'HU', 'RO', 'SK', 'SI', 'BG', 'HR', 'EE', 'LV', 'LT', 'LU'],
    ...['IS', 'TR', 'RU', 'UA', 'BY', 'MD', 'RS', 'BA', 'MK', 'AL', 'ME', 'CY', 'MT'],
    ...['RoE', 'Europe without Switzerland', 'Europe without Switzerland and Austria'],
    ...['Europe, without Russia and Türkiye', 'RER w/o CH+DE', 'WEU', 'ENTSO-E', 'UCTE'],
    ...['NORDEL', 'IAI Area, Western and Central Europe'],
  ],
  RNA: ['US', 'CA', 'North America without Quebec', 'IAI Area, North America'],
  RLA: ['MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'BO', 'PY', 'UY', 'VE', 'CR', 'GT', 'CU', 'DO'],
  RAS: [
    ...['CN', 'IN', 'JP', 'KR', 'TW', 'ID', 'TH', 'MY', 'VN', 'PH', 'SG', 'KZ', 'PK', 'BD'],
    ...['AZ', 'GE', 'AM', 'UZ', 'TM', 'MN', 'LK', 'NP', 'MM', 'KH'],
  ],
  RAF: ['ZA', 'NG', 'EG', 'KE', 'MA', 'GH', 'TN', 'DZ', 'ET', 'TZ', 'CI', 'SN', 'CM', 'AO', 'MZ'],
  RME: ['SA', 'AE', 'IR', 'IL', 'QA', 'OM', 'KW', 'BH', 'JO', 'LB', 'IQ'],
  'UN-OCEANIA': ['AU', 'NZ'],
};
/** Countries not in the lists above whose continent differs from their code's neighbours'. */
const MORE: Record<string, string> = {
  ZM: 'RAF',
  ZW: 'RAF',
  JM: 'RLA',
  'Canada without Quebec': 'CA',
  'US-SERC': 'US',
  'US-RFC': 'US',
  'US-WECC': 'US',
  'US-NPCC': 'US',
  'US-MRO': 'US',
  'US-TRE': 'US',
  'US-SPP': 'US',
  'US-ASCC': 'US',
  'US-HICC': 'US',
  'BR-South-eastern/Mid-western grid': 'BR',
  'BR-Northern grid': 'BR',
  'BR-Southern grid': 'BR',
  'BR-North-eastern grid': 'BR',
};

const PARENT = new Map<string, string>();
for (const [continent, members] of Object.entries(CONTINENTS)) {
  PARENT.set(continent, 'GLO');
  for (const member of members) PARENT.set(member, continent);
}
for (const [code, parent] of Object.entries(MORE)) PARENT.set(code, parent);
PARENT.set('RoW', 'GLO');

/** The broader geography a code lies in; GLO has none. */
export function parentOf(code: string): string | undefined {
  const known = PARENT.get(code);
  if (known) return known;
  // A province, state or grid of a country: `CA-QC`, `CN-SGCC`, `US-CA`.
  const country = /^([A-Z]{2})-/.exec(code)?.[1];
  if (country) return country;
  return code === 'GLO' ? undefined : 'GLO';
}

/** Every geography a code lies in, nearest first, GLO last. */
export function ancestorsOf(code: string): string[] {
  const found: string[] = [];
  for (let at = parentOf(code); at !== undefined; at = parentOf(at)) found.push(at);
  return found;
}

/** The rest of the world or of Europe: what remains of a broader geography once others are cut. */
const REMAINDERS: readonly string[] = ['RoW', 'RoE'];

/**
 * How a dataset's geography `to` relates to its geography `from`, in the words of a change:
 * `within` (CH → RER, CA-QC → CA: the broader one took it over), `carved out` (RoW → DE: a
 * part of it), `rest` (CH → RoW: folded into a remainder), `world` (RoW ↔ GLO), `neighbour`
 * (Europe without Switzerland → RoE: same broader geography) or `other`; in the order candidates
 * are ranked, moves along the tree before a random one.
 */
export const GEOGRAPHY_RELATIONS = [
  'same',
  'within',
  'world',
  'rest',
  'neighbour',
  'carved out',
  'other',
] as const;
export type GeographyRelation = (typeof GEOGRAPHY_RELATIONS)[number];

export function geographyRelation(from: string, to: string): GeographyRelation {
  if (from === to) return 'same';
  const global = ['GLO', 'RoW'];
  if (global.includes(from) && global.includes(to)) return 'world';
  if (REMAINDERS.includes(to) && !global.includes(from)) return 'rest';
  if (ancestorsOf(from).includes(to)) return 'within';
  if (global.includes(from) || ancestorsOf(to).includes(from)) return 'carved out';
  if (parentOf(from) === parentOf(to)) return 'neighbour';
  return 'other';
}

/** Steps along the tree from `from` to `to`: up to the nearest geography both lie in, then down. */
function treeSteps(from: string, to: string): number {
  const up = [from, ...ancestorsOf(from)];
  const down = [to, ...ancestorsOf(to)];
  for (const [i, code] of up.entries()) {
    const j = down.indexOf(code);
    if (j >= 0) return i + j;
  }
  // Only a code the tree does not know reaches neither GLO nor the other: as far as can be.
  return up.length + down.length;
}

/**
 * How near one geography lies to another, in the order "nearest first" means: the same, then
 * one along the tree (one lies in the other, RoW ↔ GLO, or a sibling under the same country or
 * continent), then one that shares a broader geography short of the world, then an unrelated
 * one. Within the first three, fewer steps along the tree are nearer.
 */
export const NEARNESS = ['same', 'along the tree', 'related', 'unrelated'] as const;
export type Nearness = (typeof NEARNESS)[number];

export function nearnessOf(
  from: string,
  to: string,
  relation: GeographyRelation = geographyRelation(from, to),
): { nearness: Nearness; steps: number } {
  if (relation === 'same') return { nearness: 'same', steps: 0 };
  const steps = treeSteps(from, to);
  const shared = [from, ...ancestorsOf(from)].find(
    (code) => code === to || ancestorsOf(to).includes(code),
  );
  const belowWorld = shared !== undefined && shared !== 'GLO';
  if (relation === 'neighbour' ? belowWorld : relation !== 'other')
    return { nearness: 'along the tree', steps };
  if (belowWorld) return { nearness: 'related', steps };
  // Unrelated ones are no nearer to each other by steps through the world: ties as before.
  return { nearness: 'unrelated', steps: 0 };
}
