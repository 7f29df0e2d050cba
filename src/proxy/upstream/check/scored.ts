import type { Dataset, Indicator } from '../../../shared/api/schemas';
import { headlineIndicatorIds } from '../../../shared/scores/headlines';
import type { RouteCheck } from './types';

/**
 * The check's one billed call: one dataset with the headline indicators (the first indicator
 * when the release has none of them), after saying what it adds to the bill. Every indicator
 * asked must come back as a score or as "no score" (null, NaN, a marker, or its row left out,
 * said per indicator): never a failure of the others.
 */

export interface ScoredCall {
  /** The indicators asked, with their names for the report. */
  indicators: Indicator[];
  /** What the one call adds to this period's bill, in words. */
  bill: string;
}

/** The indicators the billed call asks, and what it adds to the bill; undefined: nothing to ask. */
export function planScoredCall(
  catalogue: readonly Indicator[] | undefined,
  datasetId: number,
  user: string,
): ScoredCall | undefined {
  if (!catalogue || catalogue.length === 0) return undefined;
  const byId = new Map(catalogue.map((indicator) => [indicator.id, indicator]));
  const headlines = headlineIndicatorIds(catalogue).flatMap((id) => byId.get(id) ?? []);
  const indicators = headlines.length > 0 ? headlines : catalogue.slice(0, 1);
  const ids = indicators.map((indicator) => indicator.id).join(', ');
  return {
    indicators,
    bill: `One call with scores adds at most 1 dataset (ID ${datasetId}), ${indicators.length} indicator${indicators.length > 1 ? 's' : ''} (ID ${ids}) and 1 user ("${user}") to this period's bill.`,
  };
}

/**
 * Reads the billed call's answer: a score for every indicator asked, or "no score" said as
 * such; a row for another indicator, or none at all, is a failure.
 */
export function readScoredCall(check: RouteCheck, dataset: Dataset, call: ScoredCall): void {
  const rows = new Map(dataset.impact_scores.map((row) => [row.id, row]));
  if (rows.size === 0) throw new Error('impact_scores: no row at all for the indicators asked');
  const label = (indicator: Indicator) =>
    `${indicator.method} › ${indicator.category} (${indicator.id})`;
  const none: string[] = [];
  const left: string[] = [];
  for (const indicator of call.indicators) {
    const row = rows.get(indicator.id);
    if (row === undefined) left.push(label(indicator));
    else if (row.score === null) none.push(label(indicator));
  }
  const given = call.indicators.length - none.length - left.length;
  check.notes.push(`${given} of ${call.indicators.length} indicators scored`);
  if (none.length > 0)
    check.notes.push(
      `no score given for ${none.join('; ')}: the explorer shows “no score” there (never 0), the other indicators as they came`,
    );
  if (left.length > 0)
    check.notes.push(
      `rows left out for ${left.join('; ')}: read as “no score”, billed as asked (the proxy fills them from the release's indicators)`,
    );
}
