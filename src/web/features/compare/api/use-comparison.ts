import type { ReleaseRef } from '../../../config/routes';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';

/**
 * The datasets' documentation (free, always) and their scores on the indicators, in as few batch
 * calls as the limits allow. Until the user says yes, only the part already charged this period
 * loads (its datasets × its indicators, which bills nothing new).
 */
export function useComparison(input: {
  release: ReleaseRef;
  datasetIds: readonly number[];
  indicatorIds: readonly number[];
  charged: Charged | undefined;
}) {
  const { release, datasetIds } = input;
  const scores = useConsentedScores({
    requests: [{ ...release, datasetIds, indicatorIds: input.indicatorIds }],
    charged: input.charged,
    scope: 'release',
    by: 'batch',
    documentation: true,
  });
  const answered = scores.answers.of(release);
  return {
    ...scores,
    datasets: datasetIds.flatMap((id) => {
      const dataset = answered.datasets.get(id);
      return dataset ? [dataset] : [];
    }),
    scores: answered.scores,
    loaded: answered.answered,
    /** Asked for, but not in this release. */
    missing: [...new Set(datasetIds)].filter((id) => !answered.datasets.has(id)),
  };
}
