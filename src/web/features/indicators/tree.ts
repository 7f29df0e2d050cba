import type { Indicator } from '../../../shared/api/schemas';

import { methodRelevance } from '../../lib/indicator-filter';

export { filterIndicators, filterTerms } from '../../lib/indicator-filter';

interface CategoryNode {
  name: string;
  indicators: Indicator[];
}

export interface MethodNode {
  name: string;
  categories: CategoryNode[];
  count: number;
}

/** Method › category › indicator, each level sorted by name; methods the filter's words name first. */
export function buildTree(
  indicators: readonly Indicator[],
  terms: readonly string[] = [],
): MethodNode[] {
  const methods = new Map<string, Map<string, Indicator[]>>();
  for (const indicator of indicators) {
    const categories = methods.get(indicator.method) ?? new Map<string, Indicator[]>();
    categories.set(indicator.category, [...(categories.get(indicator.category) ?? []), indicator]);
    methods.set(indicator.method, categories);
  }
  // Methods named by the filter's words first, then by name.
  return [...methods]
    .sort(([a], [b]) => methodRelevance(b, terms) - methodRelevance(a, terms) || a.localeCompare(b))
    .map(([name, categories]) => {
      const nodes = [...categories]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, list]) => ({
          name: category,
          indicators: [...list].sort((a, b) => a.indicator.localeCompare(b.indicator)),
        }));
      return {
        name,
        categories: nodes,
        count: nodes.reduce((sum, node) => sum + node.indicators.length, 0),
      };
    });
}

/** A row of the list; a node carries the IDs of the indicators under it, to select them all. */
export type Row =
  | { kind: 'method'; key: string; name: string; count: number; open: boolean; ids: number[] }
  | {
      kind: 'category';
      key: string;
      method: string;
      name: string;
      count: number;
      open: boolean;
      ids: number[];
    }
  | { kind: 'indicator'; key: string; indicator: Indicator };

/** The rows on screen, for the virtualised list: open nodes show their children. */
export function flattenTree(tree: readonly MethodNode[], isOpen: (key: string) => boolean): Row[] {
  const rows: Row[] = [];
  for (const method of tree) {
    const methodKey = `m:${method.name}`;
    const methodOpen = isOpen(methodKey);
    rows.push({
      kind: 'method',
      key: methodKey,
      name: method.name,
      count: method.count,
      open: methodOpen,
      ids: method.categories.flatMap((category) => category.indicators.map((i) => i.id)),
    });
    if (!methodOpen) continue;
    for (const category of method.categories) {
      const categoryKey = `c:${method.name}|${category.name}`;
      const categoryOpen = isOpen(categoryKey);
      rows.push({
        kind: 'category',
        key: categoryKey,
        method: method.name,
        name: category.name,
        count: category.indicators.length,
        open: categoryOpen,
        ids: category.indicators.map((indicator) => indicator.id),
      });
      if (!categoryOpen) continue;
      for (const indicator of category.indicators)
        rows.push({ kind: 'indicator', key: `i:${indicator.id}`, indicator });
    }
  }
  return rows;
}

export interface IndicatorGroup {
  name: string;
  indicators: Indicator[];
}

/** Every method's version of one indicator in one place: all the GWP100s together. */
export function groupByIndicator(indicators: readonly Indicator[]): IndicatorGroup[] {
  const groups = new Map<string, Indicator[]>();
  for (const indicator of indicators) {
    const name = indicator.indicator.replace(/ no LT$/, '');
    groups.set(name, [...(groups.get(name) ?? []), indicator]);
  }
  return [...groups]
    .map(([name, list]) => ({
      name,
      indicators: list.sort(
        (a, b) => a.method.localeCompare(b.method) || a.category.localeCompare(b.category),
      ),
    }))
    .sort((a, b) => b.indicators.length - a.indicators.length || a.name.localeCompare(b.name));
}
