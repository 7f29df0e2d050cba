import { ISIC_CLASSES, ISIC_SECTIONS } from './facts/isic';
import { pick, uniform } from './hash';

/**
 * What a release does to one dataset's names and documentation, apart from its scores. Rates
 * are per dataset and release, drawn independently of the dataset's main event (§10.3), so
 * adding one leaves every other dataset's fate as it was.
 */

const SECTION_TITLE = new Map(ISIC_SECTIONS.map(([code, title]) => [code, title]));
const CLASS_INFO = new Map(
  ISIC_CLASSES.map(([code, title, section]) => [code, { title, section }]),
);

/** An ISIC class code as the API writes it: `"<code> - <title>"`, and its section. */
export function isic(code: string) {
  const info = CLASS_INFO.get(code) ?? {
    title: 'Manufacture of other products n.e.c.',
    section: 'C',
  };
  return {
    isicClass: `${code} - ${info.title}`,
    isicSection: `${info.section} - ${SECTION_TITLE.get(info.section) ?? ''}`,
  };
}

export function renamedActivity(activity: string): string | undefined {
  if (activity.startsWith('market')) return undefined;
  if (activity.endsWith(', average technology')) return undefined;
  return `${activity}, average technology`;
}

export function renamedProduct(product: string): string {
  if (/EURO\d/.test(product)) return product.replace(/EURO(\d)/, 'EURO $1');
  return `${product}, unspecified`;
}

/**
 * Shares of datasets that keep their ID and UUIDs but have documentation edited in a release
 * (demo-data-facts.md §5.2: unit changes are the rarest of the real replace records; ISIC and
 * sector reclassifications and rewritten descriptions are the project's estimate).
 */
export const EDIT_RATES = {
  isic: 0.005,
  sectors: 0.005,
  unit: 0.001,
  description: 0.01,
  /** Same activity, product and geography under a new Dataset ID (upstream-api.md §5). */
  reidentified: 0.0015,
} as const;

/** A unit a dataset's reference flow might plausibly be re-expressed in. */
const OTHER_UNIT: Record<string, string> = {
  kg: 'm3',
  m3: 'kg',
  MJ: 'kWh',
  kWh: 'MJ',
  unit: 'kg',
  tkm: 'kgkm',
  m2: 'ha',
  ha: 'm2',
};

export interface DocumentationEdit {
  isicClass?: string;
  isicSection?: string;
  sectors?: readonly string[];
  unit?: string;
  /** The description is written anew for this release. */
  description?: true;
}

/**
 * The documentation edits one dataset gets in a release, drawn from `seed`; empty for most.
 * `sectorPool` is every sector the database uses, to move a dataset into another one.
 */
export function documentationEdits(
  seed: string,
  current: { isicClass: string; sectors: readonly string[]; unit: string },
  sectorPool: readonly string[],
): DocumentationEdit {
  const edit: DocumentationEdit = {};
  if (uniform(`${seed}|edit-isic`) < EDIT_RATES.isic) {
    const code = current.isicClass.slice(0, 4);
    const others = ISIC_CLASSES.filter(([other]) => other !== code);
    const chosen = others[pick(`${seed}|isic-to`, others.length)];
    if (chosen) Object.assign(edit, isic(chosen[0]));
  }
  if (uniform(`${seed}|edit-sectors`) < EDIT_RATES.sectors) {
    const missing = sectorPool.filter((sector) => !current.sectors.includes(sector));
    const added = missing[pick(`${seed}|sector-to`, missing.length)];
    // A dataset in several sectors leaves one half the time; otherwise it joins another.
    if (current.sectors.length > 1 && (added === undefined || uniform(`${seed}|drop`) < 0.5))
      edit.sectors = current.sectors.slice(0, -1);
    else if (added !== undefined) edit.sectors = [...current.sectors, added];
  }
  if (uniform(`${seed}|edit-unit`) < EDIT_RATES.unit) {
    edit.unit = OTHER_UNIT[current.unit] ?? 'kg';
  }
  if (uniform(`${seed}|edit-description`) < EDIT_RATES.description) edit.description = true;
  return edit;
}
