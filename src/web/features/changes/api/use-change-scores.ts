import { useQuery } from '@tanstack/react-query';
import type { ChangeRow, ChangesSummary } from '../../../../shared/api/schemas';
import { scoreLookup } from '../../scores/answers';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { followedIndicators } from '../../scores/counterparts';
import { rowDatasets, type RowGroups } from '../scores';

/**
 * The chosen indicators' scores for the rows of changes shown (a page of at most 100): each
 * older dataset with the indicators' counterparts in its release, each newer one (every part
 * of a split) with the indicators chosen, in batches, each release once agreed to. Nothing is
 * planned until the indicators are followed to the older release, so the bill names the
 * indicators that would be charged.
 */
export function useChangeScores(input: {
  changes: ChangesSummary;
  shown: readonly ChangeRow[];
  groups: RowGroups;
  /** Indicators of the newer release, those of its catalogue only. */
  indicatorIds: readonly number[];
  charged: Charged | undefined;
}) {
  const { changes, indicatorIds } = input;
  const counterparts = useQuery({
    ...counterpartQueries.between(
      { version: changes.to, systemModel: changes.system_model },
      changes.from,
    ),
    enabled: indicatorIds.length > 0,
  });
  const followed =
    indicatorIds.length > 0 && counterparts.data
      ? followedIndicators(indicatorIds, counterparts.data)
      : undefined;
  const datasets = rowDatasets(input.shown, input.groups);
  const before = [
    ...new Set(
      (followed ?? []).flatMap((indicator) => (indicator.before ? [indicator.before.id] : [])),
    ),
  ];
  const scores = useConsentedScores({
    requests: followed
      ? [
          {
            version: changes.from,
            systemModel: changes.system_model,
            datasetIds: datasets.from,
            indicatorIds: before,
          },
          {
            version: changes.to,
            systemModel: changes.system_model,
            datasetIds: datasets.to,
            indicatorIds: followed.map((indicator) => indicator.id),
          },
        ].filter((request) => request.datasetIds.length > 0)
      : [],
    charged: input.charged,
    scope: 'releases',
    by: 'batch',
  });
  return {
    ...scores,
    counterparts,
    followed,
    lookup: scoreLookup(scores.answers.of, changes.system_model),
  };
}
