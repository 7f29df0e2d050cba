import { useQueries, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { useHistoryIndicators } from '../../../features/history/api/use-history-indicators';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { chooseIndicators } from '../../../features/indicators/defaults';

/*
 * Beside the history page, not in features/history: the indicators scored join the history's
 * releases with their catalogues and the set remembered (features/indicators), which only a
 * page may do.
 */

/**
 * The indicators the history is scored on: the set asked for, else the one remembered or the
 * headline set; IDs the release lacks are kept, and followed from another release's catalogue.
 */
export function useHistoryIndicatorSet(
  release: ReleaseRef,
  entries: readonly HistoryEntry[],
  /** The set the URL names. */
  ind: readonly number[],
) {
  const { version, systemModel } = release;
  const catalogue = useQuery(indicatorQueries.list(release));
  const all = catalogue.data?.indicators ?? [];
  const requested = ind.length > 0 ? ind : catalogue.data ? chooseIndicators([], all) : [];
  const versions = entries.map((entry) => entry.version);
  const needOthers =
    catalogue.data !== undefined && requested.some((id) => !all.some((i) => i.id === id));
  const others = useQueries({
    queries: versions
      .filter((other) => other !== version)
      .map((other) => ({
        ...indicatorQueries.list({ version: other, systemModel }),
        enabled: needOthers,
      })),
  });
  const otherVersions = versions.filter((other) => other !== version);
  const followed = useHistoryIndicators({
    base: version,
    systemModel,
    versions,
    requested,
    catalogue: catalogue.data?.indicators,
    catalogueOf: (other) => others[otherVersions.indexOf(other)]?.data?.indicators,
  });
  return {
    followed,
    /** The catalogue is in: the set is known. */
    known: catalogue.data !== undefined,
    pending: catalogue.isPending,
    requested,
    /** What links carry: the set asked for; until the catalogue is in, as the URL has it. */
    linked: catalogue.data ? requested : ind,
  };
}
