import { normaliseName } from './names';

/**
 * Following an indicator from one release's catalogue to another's, from the two lists alone
 * (free). ecoinvent keeps an indicator's ID while its names hold, but reworks methods between
 * releases (IPCC 2021 went from 32 to 16 indicators in 3.11, its "climate change" becoming
 * "climate change: total (excl. biogenic CO2)"), and publishes no mapping. As with datasets
 * (./decide.ts), a counterpart is named only on conclusive evidence and says how it was found;
 * anything looser is a candidate with its reason, never a silent substitute.
 *
 * 1. `same ID`: the other release lists the ID (its names may have been respelled: `differs`).
 * 2. `same names`: exactly one indicator there has the same method, category and indicator.
 * 3. `renamed`: exactly one has names that read the same once spelling is set aside ("including"
 *    and "incl.", case, spacing) and once a category's bare name is read as its total
 *    ("climate change" and "climate change: total …") and qualifiers that only say what is
 *    excluded are dropped ("(excl. biogenic CO2)"): the method's own words for the same thing.
 * 4. `method version`: the method is gone from the other release and exactly one method there
 *    has its name but for the version ("v1.03" and "v1.04"), with the same category and
 *    indicator as read in 3.
 *
 * Each needs the same unit and the same long-term emissions ("no LT" on both sides or neither).
 */

/** An indicator as catalogues list it; any API's indicator fits. */
export interface IndicatorDef {
  id: number;
  method: string;
  category: string;
  indicator: string;
  unit: string;
}

export const INDICATOR_BASES = ['same ID', 'same names', 'renamed', 'method version'] as const;
export type IndicatorBasis = (typeof INDICATOR_BASES)[number];

export const INDICATOR_FIELDS = ['method', 'category', 'indicator', 'unit'] as const;
export type IndicatorField = (typeof INDICATOR_FIELDS)[number];

/** Why an indicator that is not a counterpart is offered in its place. */
export const INDICATOR_RELATIONS = [
  'same method and indicator, related category',
  'another method, same category and indicator',
] as const;
type IndicatorRelation = (typeof INDICATOR_RELATIONS)[number];

interface IndicatorCounterpart {
  indicator: IndicatorDef;
  basis: IndicatorBasis;
  /** The names that differ from the indicator followed. */
  differs: IndicatorField[];
}

interface IndicatorCandidate {
  indicator: IndicatorDef;
  relation: IndicatorRelation;
  differs: IndicatorField[];
}

export interface IndicatorFate {
  source: IndicatorDef;
  /** The same indicator in the other release, named for certain; null when none is. */
  counterpart: IndicatorCounterpart | null;
  /** Without a counterpart: the nearest indicators of the other release, ranked. */
  candidates: IndicatorCandidate[];
}

/** Candidates listed at most per indicator. */
const MAX_INDICATOR_CANDIDATES = 5;

const NO_LT = / no LT$/i;

/** Words set aside: spelling, and the suffix of the long-term-emissions twin. */
const spelling = (text: string) =>
  normaliseName(text.replace(NO_LT, ''))
    .replace(/\bincluding\b/g, 'incl.')
    .replace(/\bexcluding\b/g, 'excl.');

interface Reading {
  def: IndicatorDef;
  noLt: boolean;
  method: string;
  /** The method's name without its version ("ef en15804" for "EF v3.0 EN15804"). */
  family: string;
  head: string;
  sub: string;
  /** Qualifiers that say what is included or how (kept), and what is excluded (set aside). */
  quals: string[];
  indicator: string;
  unit: string;
}

const VERSION = /\bv\d+(?:\.\d+)*[a-z]?\b/g;

/**
 * A category as its parts: "climate change: fossil, including SLCFs" is head "climate change",
 * sub "fossil" and qualifier "incl. slcfs"; "climate change: total (excl. biogenic CO2)" is head
 * "climate change", sub "total" and an excluded qualifier; a bare "climate change" is its total.
 */
function readCategory(category: string): { head: string; sub: string; quals: string[] } {
  const text = spelling(category);
  const colon = text.indexOf(': ');
  const head = colon < 0 ? text : text.slice(0, colon);
  let rest = colon < 0 ? '' : text.slice(colon + 2);
  const quals: string[] = [];
  for (let group = /\s*\(([^()]*)\)$/.exec(rest); group; group = /\s*\(([^()]*)\)$/.exec(rest)) {
    quals.push(...(group[1] ?? '').split(', ').filter(Boolean));
    rest = rest.slice(0, group.index);
  }
  const pieces = rest.split(', ');
  const kept: string[] = [];
  for (const piece of pieces)
    if (/^(incl|excl)\. /.test(piece)) quals.push(piece);
    else if (piece !== '') kept.push(piece);
  const sub = kept.join(', ');
  return { head, sub: sub === '' ? 'total' : sub, quals: quals.map((q) => q.trim()) };
}

function read(def: IndicatorDef): Reading {
  const method = spelling(def.method);
  return {
    def,
    noLt: NO_LT.test(def.method) || NO_LT.test(def.category) || NO_LT.test(def.indicator),
    method,
    family: method.replace(VERSION, '').replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim(),
    ...readCategory(def.category),
    indicator: spelling(def.indicator),
    unit: normaliseName(def.unit),
  };
}

/** The category and indicator as rule 3 reads them: excluded qualifiers set aside. */
const contentKey = (r: Reading) =>
  [
    r.head,
    r.sub,
    r.quals
      .filter((q) => !q.startsWith('excl. '))
      .sort()
      .join(';'),
    r.indicator,
    r.unit,
    r.noLt ? 'no LT' : '',
  ].join('|');

const namesKey = (d: IndicatorDef) =>
  `${d.method}\n${d.category}\n${d.indicator}\n${normaliseName(d.unit)}`;

function differences(a: IndicatorDef, b: IndicatorDef): IndicatorField[] {
  return INDICATOR_FIELDS.filter((field) => a[field] !== b[field]);
}

/** Values that occur once in `list` under `key`, by key. */
function uniqueBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T> {
  const seen = new Map<string, T | null>();
  for (const item of list) {
    const k = key(item);
    seen.set(k, seen.has(k) ? null : item);
  }
  const unique = new Map<string, T>();
  for (const [k, item] of seen) if (item !== null) unique.set(k, item);
  return unique;
}

const tokens = (text: string) => new Set(text.split(/[^a-z0-9.]+/).filter(Boolean));

/** The share of words two texts have in common (Jaccard). */
function overlap(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return shared / Math.max(1, new Set([...x, ...y]).size);
}

/** What a category rates beyond its head, in words. */
const scope = (r: Reading) => `${r.sub} ${r.quals.join(' ')}`;
/** Where a method and its qualifiers say it comes from ("EF v3.0 - IPCC 2013"). */
const lineage = (r: Reading) => `${r.method} ${r.quals.join(' ')}`;

/**
 * Each indicator of `from` in `to`: its counterpart and how it was found, or the candidates
 * nearest it. Reading `to` against `from` gives the same pairs the other way round.
 */
export function followIndicators(
  from: readonly IndicatorDef[],
  to: readonly IndicatorDef[],
): Map<number, IndicatorFate> {
  const fromReadings = from.map(read);
  const toReadings = to.map(read);
  const toById = new Map(to.map((def) => [def.id, def]));
  const fromIds = new Set(from.map((def) => def.id));
  const fates = new Map<number, IndicatorFate>();
  const counterpart = (source: IndicatorDef, target: IndicatorDef, basis: IndicatorBasis) =>
    fates.set(source.id, {
      source,
      counterpart: { indicator: target, basis, differs: differences(source, target) },
      candidates: [],
    });

  // 1 and 2: what keeps its ID, then its names. The others compete for what is left.
  const toByNames = uniqueBy(
    to.filter((d) => !fromIds.has(d.id)),
    namesKey,
  );
  const fromByNames = uniqueBy(
    from.filter((d) => !toById.has(d.id)),
    namesKey,
  );
  const taken = new Set<number>();
  for (const source of from) {
    const same = toById.get(source.id);
    if (same) {
      counterpart(source, same, 'same ID');
      taken.add(same.id);
      continue;
    }
    const key = namesKey(source);
    const named = toByNames.get(key);
    if (named && fromByNames.get(key) === source) {
      counterpart(source, named, 'same names');
      taken.add(named.id);
    }
  }

  // 3: the same words within the same method, where one indicator on each side reads so.
  const openFrom = fromReadings.filter((r) => !fates.has(r.def.id));
  const openTo = toReadings.filter((r) => !taken.has(r.def.id));
  const renamedKey = (r: Reading) => `${r.method}\n${contentKey(r)}`;
  const toRenamed = uniqueBy(openTo, renamedKey);
  const fromRenamed = uniqueBy(openFrom, renamedKey);
  for (const r of openFrom) {
    const key = renamedKey(r);
    const target = toRenamed.get(key);
    if (target && fromRenamed.get(key) === r) {
      counterpart(r.def, target.def, 'renamed');
      taken.add(target.def.id);
    }
  }

  // 4: a method gone, another of its family come, the same indicator in both.
  const methodsFrom = new Set(fromReadings.map((r) => r.method));
  const methodsTo = new Set(toReadings.map((r) => r.method));
  const versionKey = (r: Reading) => `${r.family}\n${contentKey(r)}`;
  const gone = fromReadings.filter((r) => !fates.has(r.def.id) && !methodsTo.has(r.method));
  const come = toReadings.filter((r) => !taken.has(r.def.id) && !methodsFrom.has(r.method));
  const toVersions = uniqueBy(come, versionKey);
  const fromVersions = uniqueBy(gone, versionKey);
  for (const r of gone) {
    const key = versionKey(r);
    const target = toVersions.get(key);
    if (target && fromVersions.get(key) === r && target.family !== target.method) {
      counterpart(r.def, target.def, 'method version');
      taken.add(target.def.id);
    }
  }

  // The rest: candidates, nearest first; never one already followed by another indicator.
  for (const r of fromReadings) {
    if (fates.has(r.def.id)) continue;
    const ranked: { candidate: IndicatorCandidate; rank: number; score: number }[] = [];
    for (const t of toReadings) {
      if (taken.has(t.def.id) || t.noLt !== r.noLt || t.unit !== r.unit) continue;
      if (t.indicator !== r.indicator || t.head !== r.head) continue;
      const sameMethod = t.method === r.method || t.family === r.family;
      const sameContent = t.sub === r.sub;
      // Another category of the method, only where it shares words with it.
      const related = overlap(scope(r), scope(t));
      if (sameMethod && !sameContent && related > 0)
        ranked.push({
          candidate: {
            indicator: t.def,
            relation: 'same method and indicator, related category',
            differs: differences(r.def, t.def),
          },
          rank: 0,
          score: related,
        });
      else if (!sameMethod && sameContent && !methodsTo.has(r.method))
        ranked.push({
          candidate: {
            indicator: t.def,
            relation: 'another method, same category and indicator',
            differs: differences(r.def, t.def),
          },
          rank: 1,
          // The method that names the gone one in its own name or qualifiers first.
          score: overlap(lineage(r), lineage(t)),
        });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank || b.score - a.score || a.candidate.indicator.id - b.candidate.indicator.id,
    );
    fates.set(r.def.id, {
      source: r.def,
      counterpart: null,
      candidates: ranked.slice(0, MAX_INDICATOR_CANDIDATES).map((entry) => entry.candidate),
    });
  }
  return fates;
}
