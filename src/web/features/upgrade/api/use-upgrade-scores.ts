import type { UpgradeCheck } from '../../../../shared/api/schemas';
import type { FollowedIndicator } from '../../../../shared/scores/moves';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { scoredDatasets, scoreTable } from '../score-moves';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/**
 * The datasets of each release whose scores a mapping needs, as separately agreed parts: every
 * dataset an entry maps to (all successors of a split), and the entries' own in the release
 * the list comes from.
 */
export function scoreParts(check: Ready, chosen: ReadonlyMap<number, number>) {
  const base = scoredDatasets(check.results);
  const all = scoredDatasets(check.results, chosen);
  const extra = (ids: readonly number[], kept: readonly number[]) => {
    const known = new Set(kept);
    return ids.filter((id) => !known.has(id));
  };
  // A candidate chosen later is asked for on its own, so what was loaded stays loaded and the
  // new dataset alone waits for a yes.
  return [
    { version: check.from, ids: base.from },
    { version: check.to, ids: base.to },
    { version: check.from, ids: extra(all.from, base.from) },
    { version: check.to, ids: extra(all.to, base.to) },
  ].filter((part) => part.ids.length > 0);
}

/**
 * The indicators each release is asked for: the chosen ones in the release checked against, and
 * their counterparts in the release the list comes from (none asked for an indicator without).
 */
export function partIndicators(
  check: Ready,
  version: string,
  followed: readonly FollowedIndicator[],
): number[] {
  if (version === check.to) return followed.map((indicator) => indicator.id);
  return [
    ...new Set(followed.flatMap((indicator) => (indicator.before ? [indicator.before.id] : []))),
  ];
}

/**
 * The chosen indicators' scores of each entry's old dataset and every new one, in batches of
 * 100 per release, each part loading only once the user has agreed to it (the bill is stated
 * first). Nothing is planned until the indicators are followed to the older release
 * (`followed`), so a bill never names the wrong indicators.
 */
export function useUpgradeScores(input: {
  check: Ready;
  chosen: ReadonlyMap<number, number>;
  followed: readonly FollowedIndicator[] | undefined;
  charged: Charged | undefined;
}) {
  const { check, followed } = input;
  const scores = useConsentedScores({
    requests: followed
      ? scoreParts(check, input.chosen).map((part) => ({
          version: part.version,
          systemModel: check.system_model,
          datasetIds: part.ids,
          indicatorIds: partIndicators(check, part.version, followed),
        }))
      : [],
    charged: input.charged,
    scope: 'releases',
    by: 'batch',
  });
  return { ...scores, table: scoreTable(scores.answers, check.system_model) };
}
