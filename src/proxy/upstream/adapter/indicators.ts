import { z } from 'zod';
import type { Indicator } from '../../../shared/api/schemas';
import { readWith, ShapeError } from './shape';

/**
 * `GET {P}/indicators`, whose shape is not documented. Accepted: a flat list of
 * `{id, method, category, indicator, unit}`, or methods nesting categories nesting indicators;
 * either bare or as `{total?, results}`, where a `total` larger than the page means the rest is
 * paged with `from`/`limit` and must be followed to the end.
 */
const name = z.string().min(1);
const Flat = z.object({
  id: z.number().int().positive(),
  method: name,
  category: name,
  indicator: name.optional(),
  name: name.optional(),
  unit: z.string(),
});
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
const Items = z.union([z.array(Flat), z.array(Method)]);
const IndicatorsAnswer = z.union([
  z.object({ total: z.number().int().nonnegative().optional(), results: Items }),
  Items,
]);

/** One page of indicators, and what is needed to ask for the next. */
export interface IndicatorPage {
  indicators: Indicator[];
  /** Items at the top level of this page (indicators, or methods when nested). */
  items: number;
  /** The service's count of top-level items in all pages, when it says. */
  total: number | undefined;
  nested: boolean;
}

const ROUTE = 'GET /indicators';

/** A level's name, under its own key (`method`) or as `name`. */
function label(part: { name?: string | undefined }, own: string | undefined, key: string): string {
  const value = own ?? part.name;
  if (value === undefined) throw new ShapeError(ROUTE, [`results[]…${key}: missing`]);
  return value;
}

export function readIndicatorPage(body: unknown): IndicatorPage {
  const answer = readWith(ROUTE, IndicatorsAnswer, body);
  const items = Array.isArray(answer) ? answer : answer.results;
  const total = Array.isArray(answer) ? undefined : answer.total;
  const indicators: Indicator[] = [];
  let nested = false;
  for (const item of items) {
    if ('categories' in item) {
      nested = true;
      const method = label(item, item.method, 'method');
      for (const category of item.categories) {
        const categoryName = label(category, category.category, 'category');
        for (const leaf of category.indicators) {
          indicators.push({
            id: leaf.id,
            method,
            category: categoryName,
            indicator: label(leaf, leaf.indicator, 'indicator'),
            unit: leaf.unit,
          });
        }
      }
    } else {
      indicators.push({
        id: item.id,
        method: item.method,
        category: item.category,
        indicator: label(item, item.indicator, 'indicator'),
        unit: item.unit,
      });
    }
  }
  return { indicators, items: items.length, total, nested };
}
