import type { HistoryEntry, ImpactScore } from '../../../../shared/api/schemas';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';

/**
 * The chosen indicators' scores of the dataset in each release where it was found: one charged
 * call per release, each only once the user has said yes to that release (or already held).
 */
export function useHistoryScores(input: {
  systemModel: string;
  entries: readonly HistoryEntry[];
  indicatorIds: readonly number[];
  charged: Charged | undefined;
}) {
  const { systemModel, indicatorIds } = input;
  const found = input.entries.flatMap((entry) =>
    entry.dataset ? [{ version: entry.version, id: entry.dataset.id }] : [],
  );
  const scores = useConsentedScores({
    requests: found.map(({ version, id }) => ({
      version,
      systemModel,
      datasetIds: [id],
      indicatorIds,
    })),
    charged: input.charged,
    scope: 'releases',
    by: 'dataset',
  });
  const byVersion = new Map<string, readonly ImpactScore[]>();
  for (const { version, id } of found) {
    const dataset = scores.answers.of({ version, systemModel }).datasets.get(id);
    if (dataset) byVersion.set(version, dataset.impact_scores);
  }
  return {
    ...scores,
    /** The releases the dataset was found in, and the ID it has there. */
    found,
    scores: (version: string) => byVersion.get(version),
    loaded: byVersion.size,
  };
}
