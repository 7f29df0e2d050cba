import type { Dataset, Indicator } from '../../../shared/api/schemas';

/**
 * Every indicator asked for and known to the release, in a dataset's scores: a row the data
 * service left out (it could not compute the score) is there with `score: null`, the one way
 * the explorer says "no score", so no page can take a missing row for an indicator not asked.
 * An indicator the release does not have stays out, as the service leaves it out (and does
 * not bill it); one it has is billed whether or not its score came (as the service bills it).
 */
export function withEveryScore(
  dataset: Dataset,
  asked: readonly number[],
  known: ReadonlyMap<number, Indicator>,
): Dataset {
  const given = new Set(dataset.impact_scores.map((score) => score.id));
  const missing = asked.flatMap((id) => {
    const indicator = given.has(id) ? undefined : known.get(id);
    return indicator ? [{ ...indicator, score: null }] : [];
  });
  if (missing.length === 0) return dataset;
  return { ...dataset, impact_scores: [...dataset.impact_scores, ...missing] };
}
