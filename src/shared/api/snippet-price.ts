import { releaseKey } from '../versions';
import type { ApiCall } from './calls';
import { priceBody, type ScoredSet, type ScorePrice, type ScorePriceBody } from './price';

/**
 * What a "Copy as code" snippet says of its bill, and how it asks before loading: its comment
 * states the bill as priced when it was copied (the page's own bill, `POST /api/scores/price`),
 * and the code prices it again first and stops, having loaded nothing, when the budget does not
 * allow it or running it now would add more than was stated.
 */

/** The bill when the code was copied, or why it could not be priced. */
export type CopiedPrice = { price: ScorePrice } | { failed: string };

/** IDs sorted and without repeats, as the price route is asked. */
const canonical = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The scores the calls ask for, one request per release (the bill counts unique IDs). */
export function scoreRequestsOf(calls: readonly ApiCall[]): ScoredSet[] {
  const byRelease = new Map<string, { request: ScoredSet; d: number[]; i: number[] }>();
  for (const call of calls) {
    if (!call.scores) continue;
    const key = releaseKey(call.scores);
    const known = byRelease.get(key) ?? { request: call.scores, d: [], i: [] };
    known.d.push(...call.scores.datasetIds);
    known.i.push(...call.scores.indicatorIds);
    byRelease.set(key, known);
  }
  return [...byRelease.values()].map(({ request, d, i }) => ({
    version: request.version,
    systemModel: request.systemModel,
    datasetIds: canonical(d),
    indicatorIds: canonical(i),
  }));
}

/** What the code may add without stopping: what the comment states, nothing when unpriced. */
function accepted(copied: CopiedPrice | undefined) {
  const price = copied && 'price' in copied ? copied.price : undefined;
  return {
    datasets: price?.adds.datasets.length ?? 0,
    indicators: price?.adds.indicators.length ?? 0,
    user: price?.adds.user ?? false,
    elsewhere: price?.elsewhere.length ?? 0,
  };
}

/** The comment's lines on the bill, for calls that ask for scores. */
export function billComment(
  calls: readonly ApiCall[],
  copied: CopiedPrice | undefined,
  comment: string,
  /** Whether the code stops by itself when the bill grew (curl prints the price instead). */
  stops: boolean,
): string[] {
  if (!calls.some((call) => call.scored)) return [];
  if (!copied || 'failed' in copied)
    return [
      `${comment} Charged: scores add their datasets and indicators to this licence period's bill`,
      `${comment} (nothing more for what the period has already charged). ${copied ? `It could not be priced when copied (${copied.failed}),` : 'It was not priced when copied,'}`,
      stops
        ? `${comment} so the code stops before loading anything that would add to the bill.`
        : `${comment} so run the first command alone to read its price before the rest.`,
    ];
  const { price } = copied;
  const again = price.elsewhere.length;
  const elsewhere =
    again > 0
      ? `${again} dataset${again === 1 ? '' : 's'} charged this period only in another release may be charged again (the data service does not say)`
      : undefined;
  return [
    price.free
      ? `${comment} Already charged this period: running this adds nothing to the bill (priced when copied).`
      : `${comment} Charged: running this adds ${price.summary} to this licence period's bill (priced when copied).`,
    ...(elsewhere ? [`${comment} ${elsewhere}.`] : []),
  ];
}

/** The price route's body for the calls' scores, or undefined when they ask for none. */
function body(calls: readonly ApiCall[]): ScorePriceBody | undefined {
  const requests = scoreRequestsOf(calls);
  return requests.length > 0 ? priceBody(requests) : undefined;
}

/** Why the code stops: the words before and after the bill's sentence. */
const STOPS = {
  budget: ['Not loaded: this adds ', ", past this period's score budget."],
  grown: [
    'Not loaded: running this now adds ',
    " to this period's bill, more than when it was copied. Copy it again from the explorer to accept that.",
  ],
} as const;

/** Python: price first, then stop or say what it adds (the `call` function is defined above). */
export function pythonPriceCheck(
  calls: readonly ApiCall[],
  copied: CopiedPrice | undefined,
  literal: (value: unknown) => string,
): string[] {
  const asked = body(calls);
  if (!asked) return [];
  const limit = accepted(copied);
  const text = ([before, after]: readonly [string, string]) =>
    `${JSON.stringify(before)} + summary + ${JSON.stringify(after)}`;
  return [
    '# Priced first (free, charges nothing): it stops here, having loaded nothing, if the budget',
    '# does not allow it or if it now adds more than the comment above says.',
    `PRICE = ${literal(asked)}`,
    `COPIED_WITH = ${literal(limit)}`,
    'price = call("POST", "/api/scores/price", PRICE)',
    'summary = price["summary"]',
    'if not price["budget"]["allows"]:',
    `    sys.exit(${text(STOPS.budget)})`,
    'if (',
    '    len(price["adds"]["datasets"]) > COPIED_WITH["datasets"]',
    '    or len(price["adds"]["indicators"]) > COPIED_WITH["indicators"]',
    '    or (price["adds"]["user"] and not COPIED_WITH["user"])',
    '    or len(price["elsewhere"]) > COPIED_WITH["elsewhere"]',
    '):',
    `    sys.exit(${text(STOPS.grown)})`,
    'print("This adds to this period\'s bill: " + summary, file=sys.stderr)',
    '',
  ];
}

/** R: the same check, with `call` defined above. */
export function rPriceCheck(
  calls: readonly ApiCall[],
  copied: CopiedPrice | undefined,
  literal: (value: unknown) => string,
): string[] {
  const asked = body(calls);
  if (!asked) return [];
  const limit = accepted(copied);
  const text = ([before, after]: readonly [string, string]) =>
    `${JSON.stringify(before)}, price$summary, ${JSON.stringify(after)}`;
  return [
    '# Priced first (free, charges nothing): it stops here, having loaded nothing, if the budget',
    '# does not allow it or if it now adds more than the comment above says.',
    `price_body <- ${literal(asked)}`,
    `copied_with <- ${literal(limit)}`,
    'price <- call("POST", "/api/scores/price", price_body)',
    `if (!isTRUE(price$budget$allows)) stop(${text(STOPS.budget)})`,
    'if (length(price$adds$datasets) > copied_with$datasets ||',
    '    length(price$adds$indicators) > copied_with$indicators ||',
    '    (isTRUE(price$adds$user) && !copied_with$user) ||',
    '    length(price$elsewhere) > copied_with$elsewhere) {',
    `  stop(${text(STOPS.grown)})`,
    '}',
    'message("This adds to this period\'s bill: ", price$summary)',
    '',
  ];
}

/** curl: the price asked first, its answer on stderr beside the data on stdout. */
export function curlPriceCheck(
  calls: readonly ApiCall[],
): { comment: string[]; body: unknown } | undefined {
  const asked = body(calls);
  if (!asked) return undefined;
  return {
    comment: [
      "# First what the calls below add to this period's bill, priced now (free, charges nothing;",
      '# its answer goes to stderr): look at "adds" and "budget" before you run the rest.',
    ],
    body: asked,
  };
}
