import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ListEntry } from '../../../../shared/api/routes';
import type { ListProblem } from '../../../../shared/dataset-list';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { ReadingProgress } from '../../../components/feedback/reading-progress';
import { searches } from '../../../config/routes';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { checkQuery } from '../../../features/upgrade/api/upgrade-queries';
import { CheckResults } from '../../../features/upgrade/components/check-results';
import { shownChanges, standingPicks } from '../../../features/upgrade/share-link';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { useRouteSearch } from '../../../lib/url-state';
import { useCitingContext } from '../../citing-context';
import { useRelease } from '../../release-context';

/*
 * Beside the upgrade check, not in features/upgrade: the verdicts join the check with this
 * release's indicators (features/indicators) and the period's charges (features/usage), which
 * only a page may do.
 */

/** The verdicts of a submitted list: progress while the proxy reads the releases, then results. */
export function Verdicts({
  from,
  entries,
  chosen,
  onChosen,
  onDropped,
  link,
  problems,
}: {
  link: string;
  from: string;
  entries: readonly ListEntry[];
  /** The list's lines that were not checked, written into the exports with why. */
  problems: readonly ListProblem[];
  chosen: ReadonlyMap<number, number>;
  onChosen: (chosen: ReadonlyMap<number, number>) => void;
  /** Told of the choices (a link's) that are not candidates of their line, as they go. */
  onDropped: (sentences: string[]) => void;
}) {
  const release = useRelease();
  const [search, update] = useRouteSearch(searches.upgrade);
  const query = checkQuery(release, from, entries);
  const check = useQuery(query);
  const catalogue = useQuery(indicatorQueries.list(release));
  const usage = useQuery(usageQueries.current());
  const citing = useCitingContext();
  const ready = check.data?.status === 'ready' ? check.data : undefined;
  // A link's choices stand once checked only where they are one of their line's candidates.
  const standing = useMemo(
    () => (ready ? standingPicks(ready.results, chosen, ready.to) : undefined),
    [ready, chosen],
  );
  useEffect(() => {
    if (!standing || standing.ignored.length === 0) return;
    onDropped(standing.ignored);
    onChosen(standing.chosen);
  }, [standing, onDropped, onChosen]);
  if (check.isError) return <ErrorPanel error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data) return <Skeleton h={200} aria-label="Checking the list" />;
  if (check.data.status === 'building')
    return <ReadingProgress progress={check.data} what={`${from} and ${release.version}`} />;
  return (
    <CheckResults
      // Another list or pair of releases: the candidates chosen for the last one go.
      key={`${check.data.from}>${check.data.to}:${query.queryKey.join('|')}`}
      check={check.data}
      indicators={catalogue.data?.indicators ?? []}
      indicatorIds={search.ind}
      onIndicators={(ind) => update({ ind }, { replace: true })}
      charged={usage.data?.charged}
      entries={entries}
      problems={problems}
      initialChosen={standing?.chosen ?? chosen}
      onChosenChange={onChosen}
      link={link}
      {...citing}
      view={{
        changes: shownChanges(search.show),
        page: search.page,
        onChange: ({ changes, page }) =>
          update({ show: changes.join(','), page }, { replace: true }),
      }}
    />
  );
}
