import { z } from 'zod/mini';
import { ReleaseSegmentSchema } from '../versions';

/**
 * `POST /api/scores/price`: what loading some scores would add to this licence period's bill, for
 * the signed-in user, worked out from the proxy's usage ledger alone (never a call to the data
 * service, never a charge). The explorer's pages, "Copy as code" and the command line all state
 * this one bill (src/shared/scores/bill.ts), so none of them can disagree with another.
 */

/** Releases one price may span: a comparison's columns, a history's releases. */
const MAX_PRICED_RELEASES = 20;
/** Datasets and indicators a release of a price may name, as a batch call takes them. */
const MAX_PRICED_DATASETS = 10_000;
const MAX_PRICED_INDICATORS = 1_000;

const id = z.int().check(z.positive(), z.maximum(2 ** 31 - 1));

/** Scores asked of one release: its datasets and the indicators wanted of each. */
const PricedReleaseSchema = z.strictObject({
  version: ReleaseSegmentSchema,
  system_model: ReleaseSegmentSchema,
  dataset_ids: z.array(id).check(z.maxLength(MAX_PRICED_DATASETS)),
  indicator_ids: z.array(id).check(z.maxLength(MAX_PRICED_INDICATORS)),
});

export const ScorePriceBodySchema = z.strictObject({
  requests: z.array(PricedReleaseSchema).check(z.minLength(1), z.maxLength(MAX_PRICED_RELEASES)),
});
export type ScorePriceBody = z.infer<typeof ScorePriceBodySchema>;

const Count = z.int().check(z.nonnegative());
const ids = z.array(z.int());
/** A budget's room: null where there is no budget. */
const room = z.nullable(z.int());

export const ScorePriceSchema = z.object({
  /** The licence period priced, and its first and last day (UTC). */
  period: z.string(),
  period_start: z.iso.date(),
  period_end: z.iso.date(),
  /** Of what is asked, what this period has charged already. */
  already: z.object({ datasets: ids, indicators: ids, user: z.boolean() }),
  /** What loading it adds to the bill at least: datasets, indicators, and the caller as a user. */
  adds: z.object({ datasets: ids, indicators: ids, user: z.boolean() }),
  /**
   * Datasets charged this period under their ID but only in another release: the data service's
   * documents do not say whether it bills them again, so they are named apart, never as free.
   */
  elsewhere: ids,
  /** Release by release, in the order asked: how many datasets, how many new, how many elsewhere. */
  releases: z.array(
    z.object({
      version: z.string(),
      system_model: z.string(),
      datasets: Count,
      unseen: Count,
      elsewhere: Count,
    }),
  ),
  /** Nothing new and nothing charged only elsewhere: loading it costs nothing more. */
  free: z.boolean(),
  /** The bill in a sentence: "2 new datasets, 1 new indicator and you as a user", or "nothing new". */
  summary: z.string(),
  budget: z.object({
    /** The period's budget; null where none is set. */
    datasets: room,
    indicators: room,
    /** Left after what is charged and held by calls in flight; null without a budget. */
    left: z.object({ datasets: room, indicators: room }),
    /** Whether what it adds fits in what is left. */
    allows: z.boolean(),
  }),
});
export type ScorePrice = z.infer<typeof ScorePriceSchema>;

/** Scores asked of one release (a `ScoreRequest` of src/shared/scores/plan.ts). */
export interface ScoredSet {
  version: string;
  systemModel: string;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
}

/** Scores asked of some releases, as the price route's body names them. */
export function priceBody(requests: readonly ScoredSet[]): ScorePriceBody {
  return {
    requests: requests.map((request) => ({
      version: request.version,
      system_model: request.systemModel,
      dataset_ids: [...request.datasetIds],
      indicator_ids: [...request.indicatorIds],
    })),
  };
}
