import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChangeRow, Changes, ChangesPage } from '../../../../shared/api/schemas';
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
import { changeFilterOf } from '../../../features/changes/search-filter';
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

type PageReady = Extract<ChangesPage, { status: 'ready' }>;

/** Each row once, by both sides' IDs: a page's rows and the whole list's are other objects. */
const rowKey = (row: ChangeRow) => `${row.from?.id ?? ''}>${row.to?.id ?? ''}`;

/** Counts, filters, the table and its export, once the changes are built. */
function ChangesView({ changes, link }: { changes: PageReady; link: string }) {
  const [search, update] = useRouteSearch(searches.changes);
  const release = useRelease();
  const queryClient = useQueryClient();
  const catalogue = useQuery(
    indicatorQueries.list({ version: changes.to, systemModel: changes.system_model }),
  );
  const usage = useQuery(usageQueries.current());
  const filter = changeFilterOf(search);
  const facets = {
    sectors: changes.facets.sectors,
    isicSections: changes.facets.isic_sections,
    activityTypes: changes.facets.activity_types,
  };
  const shown = changes.rows;
  // A split's parts and a merge's sources on other pages come with the page (`related`).
  const groups = useMemo(
    () => rowGroups([...changes.rows, ...changes.related]),
    [changes.rows, changes.related],
  );
  const offered = search.scores === 'on';
  // In the order the user picked them, those of the newer release's catalogue.
  const picked = offered
    ? search.ind.flatMap((id) => (catalogue.data?.indicators ?? []).filter((i) => i.id === id))
    : [];
  const scores = useChangeScores({
    changes,
    shown,
    groups,
    indicatorIds: picked.map((indicator) => indicator.id),
    charged: usage.data?.charged,
  });
  const { followed } = scores;
  const scored = scores.held && followed ? picked : [];
  const moves = (row: ChangeRow) =>
    followed ? rowMoves(row, changes, groups, followed, scores.lookup) : [];
  const shownRows = new Set(shown.map(rowKey));
  const exportScores =
    scored.length > 0
      ? {
          indicators: scored,
          moves: (row: ChangeRow) => (shownRows.has(rowKey(row)) ? moves(row) : undefined),
          scored: `the ${plural(shown.length, 'row')} of page ${changes.page}`,
        }
      : undefined;
  return (
    <Stack gap="md">
      <ReportSteps steps={changes.reports} />
      <ChangeCounts
        changes={changes}
        counts={changes.counts_within ?? undefined}
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
        filter={filter}
        link={link}
        scores={exportScores}
        list={() => queryClient.query(changesQueries.list(release, changes.from)).then(ready)}
      />
      {changes.matching === 0 ? (
        <Text>No changed dataset matches these filters.</Text>
      ) : (
        <>
          <ChangeScores
            from={changes.from}
            to={changes.to}
            catalogue={catalogue.data?.indicators ?? []}
            picked={picked}
            onIndicators={(ind) => update({ ind }, { replace: true })}
            shown={shown.length}
            splits={splitsShown(shown, groups)}
            scores={scores}
            offered={offered}
            onOffer={() => update({ scores: 'on' }, { replace: true })}
          />
          <ChangeTable
            changes={changes}
            rows={shown}
            ind={search.ind}
            page={changes.page}
            pages={changes.pages}
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

/** The whole list, once the proxy has it (an export asks after the page is shown, so it has). */
function ready(changes: Changes): Extract<Changes, { status: 'ready' }> {
  if (changes.status !== 'ready') throw new Error('The changes are still being read.');
  return changes;
}

export function ChangesOf({ from, link }: { from: string; link: string }) {
  const release = useRelease();
  const [search] = useRouteSearch(searches.changes);
  const changes = usePageData(
    changesQueries.page(release, from, changeFilterOf(search), search.page),
  );
  if (!changes) return <PageSkeleton />;
  if (changes.status === 'building')
    return <ReadingProgress progress={changes} what={`${from} and ${release.version}`} />;
  return <ChangesView changes={changes} link={link} />;
}
