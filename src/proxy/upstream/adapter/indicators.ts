import { z } from 'zod';
import type { Indicator } from '../../../shared/api/schemas';
import { Notes, noting, record } from './record';
import { readWith, ShapeError } from './shape';

/**
 * `GET {P}/indicators`, whose shape is not documented. Accepted: a flat list of
 * `{id, method, category, indicator, unit}` (`name` for `indicator` is mapped and reported), or
 * methods nesting categories nesting indicators (each level's name under its own key or as
 * `name`); either bare or as `{total?, results}`. Paged or whole: the adapter reads it to the
 * end by evidence (../paging.ts).
 */
const name = z.string().min(1);
const Flat = record(
  'indicator',
  {
    id: z.number().int().positive(),
    method: name,
    category: name,
    indicator: name,
    unit: z.string(),
  },
  { aliases: { name: 'indicator' } },
);
const Leaf = z.object({
  id: z.number().int().positive(),
  indicator: name.optional(),
  name: name.optional(),
  unit: z.string(),
});
const Category = z.object({
  category: name.optional(),
  name: name.optional(),
  indicators: z.array(Leaf),
});
const Method = z.object({
  method: name.optional(),
  name: name.optional(),
  categories: z.array(Category),
});
const Items = z.union([z.array(Method), z.array(Flat)]);
const IndicatorsAnswer = z.union([
  z.object({ total: z.number().int().nonnegative().optional(), results: Items }),
  Items,
]);

/** One top-level item of a page: an indicator, or a method with all of its indicators. */
export interface IndicatorEntry {
  key: string;
  indicators: Indicator[];
}

/** One page of indicators. */
export interface IndicatorPage {
  entries: IndicatorEntry[];
  /** The service's count of top-level items in all pages, when it says. */
  total: number | undefined;
  nested: boolean;
  /** `name` read for `indicator` in a flat list. */
  renamed: boolean;
}

const ROUTE = 'GET /indicators';

/** A level's name, under its own key (`method`) or as `name`. */
function label(part: { name?: string | undefined }, own: string | undefined, path: string): string {
  const value = own ?? part.name;
  if (value === undefined) throw new ShapeError(ROUTE, [`${path}: absent (nor name)`]);
  return value;
}

export function readIndicatorPage(body: unknown): IndicatorPage {
  const notes = new Notes();
  const answer = noting(notes, () => readWith(ROUTE, IndicatorsAnswer, body));
  const items = Array.isArray(answer) ? answer : answer.results;
  const total = Array.isArray(answer) ? undefined : answer.total;
  const at = Array.isArray(answer) ? '' : 'results';
  const entries: IndicatorEntry[] = [];
  let nested = false;
  for (const item of items) {
    if ('categories' in item) {
      nested = true;
      const method = label(item, item.method, `${at}[].method`);
      const indicators: Indicator[] = [];
      for (const category of item.categories) {
        const categoryName = label(category, category.category, `${at}[].categories[].category`);
        for (const leaf of category.indicators) {
          indicators.push({
            id: leaf.id,
            method,
            category: categoryName,
            indicator: label(leaf, leaf.indicator, `${at}[].categories[].indicators[].indicator`),
            unit: leaf.unit,
          });
        }
      }
      entries.push({ key: `method ${method}`, indicators });
    } else {
      entries.push({ key: `indicator ${item.id}`, indicators: [item] });
    }
  }
  return { entries, total, nested, renamed: notes.aliases.size > 0 };
}
