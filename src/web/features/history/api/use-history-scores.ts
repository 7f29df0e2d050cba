import { useQueries } from '@tanstack/react-query';
import type { HistoryEntry, ImpactScore } from '../../../../shared/api/schemas';
import { useConsentAcrossReleases } from '../../../lib/score-consent';
import { oneDataset } from '../../../lib/dataset-queries';

/**
 * The chosen indicators' scores of the dataset in each release where it was found: one charged
 * call per release, each only once the user has said yes to that release (or already held).
 */
export function useHistoryScores(input: {
  systemModel: string;
  entries: readonly HistoryEntry[];
  indicatorIds: readonly number[];
}) {
  const { systemModel, indicatorIds } = input;
  const found = input.entries.flatMap((entry) =>
    entry.dataset ? [{ version: entry.version, id: entry.dataset.id }] : [],
  );
  const consent = useConsentAcrossReleases(
    found.map(({ version, id }) => ({
      version,
      systemModel,
      datasetIds: [id],
      indicatorIds,
    })),
  );
  const queries = useQueries({
    queries: found.map(({ version, id }, i) => ({
      ...oneDataset.scores(version, systemModel, id, indicatorIds),
      enabled: indicatorIds.length > 0 && consent.covered[i] === true,
    })),
  });
  const byVersion = new Map<string, readonly ImpactScore[]>();
  found.forEach(({ version }, i) => {
    const data = queries[i]?.data;
    if (data) byVersion.set(version, data.impact_scores);
  });
  const failed = queries.find((query) => query.isError);
  return {
    consent,
    /** The releases the dataset was found in, and the ID it has there. */
    found,
    scores: (version: string) => byVersion.get(version),
    loaded: byVersion.size,
    loading: queries.some((query) => query.isFetching),
    error: failed?.error,
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
