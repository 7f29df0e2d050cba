import { ancestorsOf, parentOf } from '../../shared/geographies/tree';
import type { DatasetRecord } from './records';
import { normal, pick, uniform } from './hash';

/**
 * How often a dataset changes from one release to the next, and where a move or a split takes
 * it: the patterns of ecoinvent's own change reports, which `evolve.ts` draws from.
 */

/**
 * Rates of change per dataset and release, from the real change reports in
 * ../shared/data/migrations (3.9.1 → 3.10: 517 replacements in about 21 000 datasets, of which
 * 272 renamed the activity, 146 moved it, 67 renamed activity and product, 17 renamed and moved
 * it; 183 disaggregations, mostly of RoW or GLO; 68 targets several datasets were merged into)
 * and demo-data-facts.md §10.3 (removals, new datasets, updates).
 */
export const CHANGE_RATES = {
  removed: 0.007,
  moved: 0.008,
  /** Activity and product renamed, or the product alone (a fifth of them). */
  productRenamed: 0.0035,
  activityRenamed: 0.02,
  /** Of the moves, those that rename the activity too. */
  movedAndRenamed: 0.12,
  /** Per dataset that could be split: RoW, GLO, Europe, and countries with provinces. */
  split: { RoW: 0.09, GLO: 0.2, RER: 0.04, country: 0.03 },
  /** Per dataset a narrower one of the same activity could be merged into. */
  merge: 0.035,
} as const;

/** How many datasets a split makes, the remainder included (the real reports' fan-out). */
export function fanOut(seed: string): number {
  const u = uniform(seed);
  if (u < 0.45) return 2;
  if (u < 0.65) return 3;
  if (u < 0.76) return 4;
  if (u < 0.9) return 5 + pick(`${seed}|n`, 4);
  return 10 + pick(`${seed}|n`, 3);
}

/** Where a dataset moves to, by the real reports' geography changes, each with its weight. */
export function moveTargets(code: string): [string, number][] {
  if (code === 'RoW')
    return [
      ['GLO', 5],
      ['RoE', 1],
    ];
  if (code === 'GLO') return [['RoW', 1]];
  if (code === 'CH')
    return [
      ['RoW', 3],
      ['RER', 3],
      ['GLO', 1],
      ['RoE', 0.3],
    ];
  if (code === 'Europe without Switzerland')
    return [
      ['RoE', 3],
      ['RER', 1],
    ];
  if (code === 'RoE')
    return [
      ['RoW', 1],
      ['RER', 1],
    ];
  if (code === 'RNA')
    return [
      ['RoW', 2],
      ['CA', 1],
    ];
  const parent = parentOf(code);
  if (/^[A-Z]{2}-/.test(code) && parent)
    return [
      [parent, 3],
      ['RoW', 0.5],
    ];
  if (parent === 'GLO')
    return [
      ['GLO', 2],
      ['RoW', 1],
    ];
  if (parent === 'RER')
    return [
      ['RoE', 2],
      ['RoW', 2],
      ['RER', 1],
      ['GLO', 0.3],
    ];
  return parent
    ? [
        ['RoW', 3],
        ['GLO', 1],
        [parent, 1],
      ]
    : [];
}

/** A weighted choice among the codes the template has free; undefined when none is. */
export function choose(seed: string, options: [string, number][], free: (code: string) => boolean) {
  const open = options.filter(([code]) => free(code));
  const total = open.reduce((sum, [, weight]) => sum + weight, 0);
  let left = uniform(seed) * total;
  for (const [code, weight] of open) {
    left -= weight;
    if (left < 0) return code;
  }
  return open.at(-1)?.[0];
}

/** Carve-outs a GLO dataset is split into besides the rest of the world. */
const GLOBAL_CARVE_OUTS = ['RER', 'CN', 'US', 'RAS', 'IN', 'RNA', 'BR', 'RLA', 'JP', 'RAF', 'RME'];

/**
 * What a split leaves and carves out: the remainder (the source itself when it keeps its ID,
 * as RoW and countries do; RoW for GLO and RoE for Europe, under new IDs) and the geographies
 * carved out of it, free for the template.
 */
export function splitPlan(
  record: DatasetRecord,
  count: number,
  seed: string,
  free: (code: string) => boolean,
): { remainder: string; keepsId: boolean; carved: string[] } | undefined {
  const code = record.geography.code;
  const within = (options: readonly string[]) =>
    options
      .filter((option) => option !== code && free(option))
      .map((option) => ({ option, key: uniform(`${seed}|carve|${option}`) }))
      .sort((a, b) => a.key - b.key)
      .slice(0, count - 1)
      .map(({ option }) => option);
  let plan: { remainder: string; keepsId: boolean; carved: string[] };
  if (code === 'RoW') {
    const options = record.template.geographies.filter(
      (option) => option !== 'GLO' && option !== 'RoW',
    );
    plan = { remainder: 'RoW', keepsId: true, carved: within(options) };
  } else if (code === 'GLO') {
    if (!free('RoW')) return undefined;
    plan = { remainder: 'RoW', keepsId: false, carved: within(GLOBAL_CARVE_OUTS) };
  } else if (code === 'RER') {
    if (!free('RoE')) return undefined;
    const options = record.template.geographies.filter((option) => parentOf(option) === 'RER');
    plan = { remainder: 'RoE', keepsId: false, carved: within(options) };
  } else {
    const options = record.template.geographies.filter((option) =>
      ancestorsOf(option).includes(code),
    );
    plan = { remainder: code, keepsId: true, carved: within(options) };
  }
  return plan.carved.length > 0 ? plan : undefined;
}

/** Allocation shares of a split: the remainder keeps most, carve-outs spread widely. */
export function splitShares(seed: string, carved: number): { remainder: number; carved: number[] } {
  const raw = Array.from({ length: carved }, (_, i) =>
    Math.exp(1.5 * normal(`${seed}|share|${i}`)),
  );
  const weight = 0.15 + 0.55 * uniform(`${seed}|carved-weight`);
  const sum = raw.reduce((a, b) => a + b, 0);
  const shares = raw.map((value) => Number(((value / sum) * weight).toPrecision(6)));
  return { remainder: 1 - shares.reduce((a, b) => a + b, 0), carved: shares };
}

/** Datasets a split could carve countries out of (the remainder staying), by their geography. */
export function splitRate(record: DatasetRecord): number {
  const code = record.geography.code;
  if (code === 'RoW' || code === 'GLO' || code === 'RER') return CHANGE_RATES.split[code];
  return ['US', 'CN', 'BR', 'IN', 'AU', 'CA'].includes(code) ? CHANGE_RATES.split.country : 0;
}
