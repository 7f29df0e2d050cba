import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChangeRow, Changes } from '../../../../shared/api/schemas';
import { PageSkeleton } from '../../../components/feedback/page-skeleton';
import { ReadingProgress } from '../../../components/feedback/reading-progress';
import { searches } from '../../../config/routes';
import { changesQueries } from '../../../features/changes/api/changes-queries';
import { ChangeCounts } from '../../../features/changes/components/change-counts';
import { ChangeFilters } from '../../../features/changes/components/change-filters';
import { useChangeScores } from '../../../features/changes/api/use-change-scores';
import { ChangeScores } from '../../../features/changes/components/change-scores';
import { ChangeTable } from '../../../features/changes/components/change-table';
import { ChangesToolbar } from '../../../features/changes/components/changes-toolbar';
import { useFilteredChanges } from '../../../features/changes/use-filtered-changes';
import { rowGroups, rowMoves, splitsShown } from '../../../features/changes/scores';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { UnmatchedEntries } from '../../../features/changes/components/unmatched-entries';
import { ReportSteps } from '../../../components/data/report-steps';
import { plural } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRelease } from '../../release-context';
import { useRouteSearch } from '../../../lib/url-state';

/*
 * Beside the What changed page, not in features/changes: the view joins the changes with the
 * newer release's indicators (features/indicators) and the period's charges (features/usage),
 * which only a page may do.
 */

type Ready = Extract<Changes, { status: 'ready' }>;

/** Counts, filters, the table and its export, once the changes are built. */
function ChangesView({ changes, link }: { changes: Ready; link: string }) {
  const [search, update] = useRouteSearch(searches.changes);
  const catalogue = useQuery(
    indicatorQueries.list({ version: changes.to, systemModel: changes.system_model }),
  );
  const usage = useQuery(usageQueries.current());
  const { filter, facets, rows, counts, shown } = useFilteredChanges(changes, search);
  const groups = useMemo(() => rowGroups(changes.rows), [changes.rows]);
  const offered = search.scores === 'on';
  // In the order the user picked them, those of the newer release's catalogue.
  const picked = offered
    ? search.ind.flatMap((id) => (catalogue.data?.indicators ?? []).filter((i) => i.id === id))
    : [];
  const scores = useChangeScores({
    changes,
    shown: shown.rows,
    groups,
    indicatorIds: picked.map((indicator) => indicator.id),
    charged: usage.data?.charged,
  });
  const { followed } = scores;
  const scored = scores.held && followed ? picked : [];
  const moves = (row: ChangeRow) =>
    followed ? rowMoves(row, changes, groups, followed, scores.lookup) : [];
  const shownRows = new Set(shown.rows);
  const exportScores =
    scored.length > 0
      ? {
          indicators: scored,
          moves: (row: ChangeRow) => (shownRows.has(row) ? moves(row) : undefined),
          scored: `the ${plural(shown.rows.length, 'row')} of page ${shown.page}`,
        }
      : undefined;
  return (
    <Stack gap="md">
      <ReportSteps steps={changes.reports} />
      <ChangeCounts
        changes={changes}
        counts={counts}
        value={search.change}
        onChange={(change) => update({ change, page: 1 }, { replace: true })}
      />
      <ChangeFilters
        values={search}
        facets={facets}
        // Another filter starts again at the first page.
        onChange={(values, options) => update({ ...values, page: 1 }, options)}
      />
      <ChangesToolbar
        changes={changes}
        rows={rows}
        filter={filter}
        link={link}
        scores={exportScores}
      />
      {rows.length === 0 ? (
        <Text>No changed dataset matches these filters.</Text>
      ) : (
        <>
          <ChangeScores
            from={changes.from}
            to={changes.to}
            catalogue={catalogue.data?.indicators ?? []}
            picked={picked}
            onIndicators={(ind) => update({ ind }, { replace: true })}
            shown={shown.rows.length}
            splits={splitsShown(shown.rows, groups)}
            scores={scores}
            offered={offered}
            onOffer={() => update({ scores: 'on' }, { replace: true })}
          />
          <ChangeTable
            changes={changes}
            rows={rows}
            ind={search.ind}
            page={search.page}
            onPage={(page) => update({ page })}
            groups={groups}
            scores={
              scored.length > 0
                ? {
                    names: scored.map(
                      (indicator) => `Change in ${indicator.indicator} (${indicator.method})`,
                    ),
                    moves,
                  }
                : undefined
            }
          />
        </>
      )}
      {changes.unmatched_entries.length > 0 && (
        <UnmatchedEntries entries={changes.unmatched_entries} />
      )}
    </Stack>
  );
}

export function ChangesOf({ from, link }: { from: string; link: string }) {
  const release = useRelease();
  const changes = usePageData(changesQueries.list(release, from));
  if (!changes) return <PageSkeleton />;
  if (changes.status === 'building')
    return <ReadingProgress progress={changes} what={`${from} and ${release.version}`} />;
  return <ChangesView changes={changes} link={link} />;
}
