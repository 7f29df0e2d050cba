import type { ScorePrice, ScorePriceBody } from '../api/price';
import type { Usage } from '../api/schemas';
import { certainlyFree, describeBill, scoreBill, type Counted, type ScoreBill } from './bill';
import type { ScoreRequest } from './plan';

/**
 * The price of some scores (`POST /api/scores/price`) from the usage the proxy's ledger counts,
 * and back into the bill every client states: the route works it out with `scoreBill`, the same
 * function the pages use on `/api/usage`, so a page, a snippet and the command line name one bill.
 */

/** The body's requests as the bill reads them. */
export const requestsOfBody = (body: ScorePriceBody): ScoreRequest[] =>
  body.requests.map((request) => ({
    version: request.version,
    systemModel: request.system_model,
    datasetIds: request.dataset_ids,
    indicatorIds: request.indicator_ids,
  }));

/** What a budget leaves: null without one, never below zero. */
const left = (budget: number | null, used: number) =>
  budget === null ? null : Math.max(0, budget - used);

/** The price of `requests` for the user whose usage this is. */
export function priceScores(
  requests: readonly ScoreRequest[],
  usage: Pick<
    Usage,
    'period' | 'period_start' | 'period_end' | 'datasets' | 'indicators' | 'budget' | 'pending'
  > & { charged: Usage['charged'] },
  count?: Counted,
): ScorePrice {
  const bill = scoreBill(requests, usage.charged);
  const asked = requests.filter(
    (request) => request.datasetIds.length > 0 && request.indicatorIds.length > 0,
  );
  const charged = {
    datasets: new Set(usage.charged.datasets),
    indicators: new Set(usage.charged.indicators),
  };
  const datasets = [...new Set(asked.flatMap((request) => request.datasetIds))];
  const indicators = [...new Set(asked.flatMap((request) => request.indicatorIds))];
  // Calls in flight hold part of the budget already, as the ledger counts them before it sends.
  const room = {
    datasets: left(usage.budget.datasets, usage.datasets + usage.pending.count),
    indicators: left(usage.budget.indicators, usage.indicators + usage.pending.indicators.length),
  };
  const fits = (adds: number, free: number | null) => free === null || adds <= free;
  return {
    period: usage.period,
    period_start: usage.period_start,
    period_end: usage.period_end,
    already: {
      datasets: datasets.filter((id) => charged.datasets.has(id)),
      indicators: indicators.filter((id) => charged.indicators.has(id)),
      user: usage.charged.user,
    },
    adds: bill.adds,
    elsewhere: bill.elsewhere,
    releases: bill.releases.map((line) => ({
      version: line.version,
      system_model: line.systemModel,
      datasets: line.datasets,
      unseen: line.unseen,
      elsewhere: line.elsewhere,
    })),
    free: certainlyFree(bill),
    summary: describeBill(bill, count),
    budget: {
      datasets: usage.budget.datasets,
      indicators: usage.budget.indicators,
      left: room,
      allows:
        fits(bill.adds.datasets.length, room.datasets) &&
        fits(bill.adds.indicators.length, room.indicators),
    },
  };
}

/** A price read back as the bill the pages and the command line describe. */
export function billOfPrice(price: ScorePrice): ScoreBill {
  return {
    adds: {
      datasets: [...price.adds.datasets],
      indicators: [...price.adds.indicators],
      user: price.adds.user,
    },
    elsewhere: [...price.elsewhere],
    releases: price.releases.map((line) => ({
      version: line.version,
      systemModel: line.system_model,
      datasets: line.datasets,
      unseen: line.unseen,
      elsewhere: line.elsewhere,
    })),
  };
}
