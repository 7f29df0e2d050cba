import { EXTRA_GEOGRAPHIES } from '../../shared/geographies/extra';
import { GEOGRAPHIES } from '../../shared/geographies/master-data';
import { uuidV5 } from './hash';

type GeographyKind = 'global' | 'region' | 'country' | 'subnational';

export interface Geography {
  code: string;
  name: string;
  uuid: string;
  /** What the API returns and filters on: `Mexico (MX)`. */
  display: string;
  kind: GeographyKind;
}

function kindOf(code: string): GeographyKind {
  if (code === 'GLO' || code === 'RoW') return 'global';
  if (/^[A-Z]{2}$/.test(code)) return 'country';
  if (/^[A-Z]{2}-/.test(code)) return 'subnational';
  return 'region';
}

const make = (code: string, name: string, uuid: string): Geography => ({
  code,
  name,
  uuid,
  display: `${name} (${code})`,
  kind: kindOf(code),
});

export const ALL_GEOGRAPHIES: readonly Geography[] = [
  ...GEOGRAPHIES.map(([code, name, uuid]) => make(code, name, uuid)),
  ...EXTRA_GEOGRAPHIES.map(([code, name]) => make(code, name, uuidV5(`geography|${code}`))),
];

const BY_CODE = new Map(ALL_GEOGRAPHIES.map((geography) => [geography.code, geography]));

export function geography(code: string): Geography {
  const found = BY_CODE.get(code);
  if (!found) throw new Error(`unknown geography ${code}`);
  return found;
}

export function hasGeography(code: string): boolean {
  return BY_CODE.has(code);
}

export const COUNTRIES = ALL_GEOGRAPHIES.filter((g) => g.kind === 'country');
export const SUBNATIONAL = ALL_GEOGRAPHIES.filter((g) => g.kind === 'subnational');
