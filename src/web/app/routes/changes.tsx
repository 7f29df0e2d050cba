import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import { Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChangeRow, Changes } from '../../../shared/api/schemas';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { ReadingProgress } from '../../components/feedback/reading-progress';
import { RouteError } from '../../components/feedback/route-error';
import { searches } from '../../config/routes';
import { changesQueries } from '../../features/changes/api/changes-queries';
import { ChangeCounts } from '../../features/changes/components/change-counts';
import { ChangeFilters } from '../../features/changes/components/change-filters';
import { useChangeScores } from '../../features/changes/api/use-change-scores';
import { ChangeScores } from '../../features/changes/components/change-scores';
import { ChangeTable } from '../../features/changes/components/change-table';
import { rowGroups, rowMoves, splitsShown } from '../../features/changes/scores';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { usageQueries } from '../../features/usage/api/get-usage';
import { UnmatchedEntries } from '../../features/changes/components/unmatched-entries';
import {
  changedIds,
  changeCounts,
  changeFacets,
  changesExport,
  filterChanges,
  pageOfRows,
} from '../../features/changes/filter';
import { ReportSteps } from '../../components/data/report-steps';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ComparedReleaseSelect } from '../../features/releases/components/compared-release-select';
import { comparedRelease } from '../../features/releases/neighbours';
import { useShownLink } from '../../lib/shown-link';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { formatCount, plural } from '../../lib/format';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  ensureQueryData,
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  startQuery,
} from '../route-context';

/**
 * The older release (the one asked for, else the one before) and its changes, which the proxy
 * builds once from free calls; the page shows the progress while it does.
 */
export async function loader({ context, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const release = context.get(releaseContext);
  const search = searches.changes.parse(searchOf(request));
  // Already in the cache: the release route's middleware checked the release against it.
  const { releases } = await ensureQueryData(queryClient, versionQueries.all());
  const compared = comparedRelease(releases, release, search.from);
  if (compared.usable)
    startQuery(
      queryClient,
      changesQueries.list(release.version, release.systemModel, compared.from),
    );
  return null;
}

export const ErrorBoundary = RouteError;

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

function ChangesOf({ from, link }: { from: string; link: string }) {
  const { version, systemModel } = useRelease();
  const changes = usePageData(changesQueries.list(version, systemModel, from));
  if (!changes) return <PageSkeleton />;
  if (changes.status === 'building')
    return <ReadingProgress progress={changes} what={`${from} and ${version}`} />;
  return <ChangesView changes={changes} link={link} />;
}

/**
 * `/:v/:m/changes?from=3.11`: what changed from an older release to this one (new, removed,
 * renamed, moved, re-identified, documentation changed), filtered by sector, ISIC section,
 * activity type and words, each row linking to both sides.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search, update] = useRouteSearch(searches.changes);
  const versions = useQuery(versionQueries.all());
  const releases = versions.data?.releases ?? [];
  const { others, from, usable } = comparedRelease(releases, release, search.from);
  usePageTitle(from ? `Changes since ${from}` : 'Changes', version);
  // The release compared with by default (the one before) goes into the address.
  const link = useShownLink(searches.changes, from && usable ? { from } : undefined);
  if (!versions.data) return <PageSkeleton />;
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode
          calls={
            from && usable
              ? [apiCall('changes', { query: { ...releaseQuery(release), from } })]
              : []
          }
        />
        <Title order={1}>What changed in {version}</Title>
        <Text c="dimmed">
          {systemModel}: every dataset of {usable ? from : 'another release'} followed to {version},
          by ecoinvent’s change reports where the explorer has them, else by Dataset ID, Spold UUIDs
          or names. Free: only documentation is compared, never scores, which you may load for the
          rows shown.
        </Text>
      </div>
      <ComparedReleaseSelect
        label="Compared with"
        missingTitle="Choose a release to compare with"
        width={200}
        version={version}
        systemModel={systemModel}
        others={others}
        from={from}
        usable={usable}
        onChange={(value) => update({ from: value })}
      />
      {usable && <ChangesOf from={from} link={link} />}
    </Stack>
  );
}
