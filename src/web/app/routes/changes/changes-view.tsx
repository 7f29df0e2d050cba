import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
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
import { rowGroups, rowMoves, splitsShown } from '../../../features/changes/scores';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { UnmatchedEntries } from '../../../features/changes/components/unmatched-entries';
import {
  changedIds,
  changeCounts,
  changeFacets,
  changesExport,
  filterChanges,
  pageOfRows,
} from '../../../features/changes/filter';
import { ReportSteps } from '../../../components/data/report-steps';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { ExportButtons } from '../../../components/data/export-buttons';
import { formatCount, plural } from '../../../lib/format';
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
  const facets = useMemo(() => changeFacets(changes.rows), [changes.rows]);
  const groups = useMemo(() => rowGroups(changes.rows), [changes.rows]);
  const catalogue = useQuery(indicatorQueries.list(changes.to, changes.system_model));
  const usage = useQuery(usageQueries.current());
  const filter = {
    change: search.change,
    sector: search.sector || undefined,
    isicSection: search.isic || undefined,
    activityType: search.type || undefined,
    q: search.q || undefined,
  };
  const filterKey = JSON.stringify(filter);
  // Thousands of rows: filtered once per change of the filter, not on every drawing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => filterChanges(changes.rows, filter), [changes.rows, filterKey]);
  const filtered = rows.length !== changes.rows.length;
  const narrowed = Boolean(filter.sector || filter.isicSection || filter.activityType || filter.q);
  const counts = useMemo(
    () => (narrowed ? changeCounts(changes.rows, filter) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [changes.rows, filterKey, narrowed],
  );
  const ids = changedIds(rows);
  const shown = pageOfRows(rows, search.page);
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
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {filtered
            ? `${formatCount(rows.length)} of ${plural(changes.rows.length, 'changed dataset')}`
            : plural(changes.rows.length, 'changed dataset')}
        </Text>
        <Group gap="xs">
          <CopyButton value={ids.join('\n')}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" disabled={ids.length === 0} onClick={copy}>
                {copied ? `${plural(ids.length, 'ID')} copied` : 'Copy IDs'}
              </Button>
            )}
          </CopyButton>
          <CopyLinkButton link={link} />
          <ExportButtons
            file={`changes-${changes.from}-${changes.to}-${changes.system_model}`}
            disabled={rows.length === 0}
            build={() => changesExport(changes, rows, filter, link, exportScores)}
          />
        </Group>
      </Group>
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
  const { version, systemModel } = useRelease();
  const changes = usePageData(changesQueries.list(version, systemModel, from));
  if (!changes) return <PageSkeleton />;
  if (changes.status === 'building')
    return <ReadingProgress progress={changes} what={`${from} and ${version}`} />;
  return <ChangesView changes={changes} link={link} />;
}
