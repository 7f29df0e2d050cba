import { CopyAsCode } from '../../components/code/copy-as-code';
import { batchCalls } from '../../components/code/page-calls';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { MAX_INDICATORS_PER_CALL } from '../../../shared/api/routes';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { useShownLink } from '../../lib/shown-link';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { readColumns } from '../../config/compare-link';
import { MAX_COMPARED, searches, type ReleaseRef } from '../../config/routes';
import { useColumnFates } from '../../features/compare/api/use-column-fates';
import { useComparison } from '../../features/compare/api/use-comparison';
import {
  columnKey,
  linkColumns,
  releasesOf,
  resolveColumns,
  sameRelease,
  type Column,
} from '../../features/compare/columns';
import { CompareBill } from '../../features/compare/components/compare-bill';
import { CompareCiting } from '../../features/compare/components/compare-citing';
import { CompareControls } from '../../features/compare/components/compare-controls';
import { CompareTable } from '../../features/compare/components/compare-table';
import { FollowedNote } from '../../features/compare/components/followed-note';
import { LinkNotes } from '../../features/compare/components/link-notes';
import { MissingColumnOffer, OlderColumns } from '../../features/compare/components/column-fates';
import { ReferenceNote } from '../../features/compare/components/reference-note';
import { comparisonExport, comparisonToJson } from '../../features/compare/export';
import { indicatorsForTheme, themeOrDefault } from '../../features/compare/themes';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { defaultIndicatorSet } from '../../features/indicators/defaults';
import { groupByIndicator } from '../../features/indicators/tree';
import { versionQueries } from '../../features/releases/api/get-versions';
import { scoreQueries } from '../../features/scores/api/score-queries';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useCitingContext } from '../citing-context';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  startQuery,
} from '../route-context';
import { ScoreProgress } from '../../features/scores/components/score-progress';

/** The catalogue and the columns' documentation, each in its release (free); never a score. */
export function loader({ context, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const shown = context.get(releaseContext);
  const { version, systemModel } = shown;
  const columns = resolveColumns(
    searches.compare.parse(searchOf(request)).ds.slice(0, MAX_COMPARED),
    shown,
  );
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
  for (const release of releasesOf(columns)) {
    const ids = columns.filter((c) => sameRelease(c.release, release)).map((c) => c.id);
    for (const query of scoreQueries.documentation(release, ids)) startQuery(queryClient, query);
  }
  startQuery(queryClient, usageQueries.current());
  return null;
}

export const ErrorBoundary = RouteError;

/** The licence's releases, one per version and system model, newest first. */
function useLicensed(): ReleaseRef[] {
  const versions = useQuery(versionQueries.all());
  return (versions.data?.releases ?? []).flatMap((entry) =>
    entry.system_models.map((systemModel) => ({ version: entry.version, systemModel })),
  );
}

/**
 * `/:v/:m/compare?ds=…&ind=…`: datasets side by side on the chosen indicators, or
 * (`mode=methods&theme=…`) every method's indicators for one theme. A column may name another
 * release (`ds=8279,8279@3.12/apos,534@3.10/cutoff`): the rows are this release's indicators,
 * each followed to its counterpart there.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const location = useLocation();
  const [search, update] = useRouteSearch(searches.compare);
  const link = useShownLink(searches.compare, undefined);
  const columns = resolveColumns(search.ds, release);
  const shownColumns = columns.slice(0, MAX_COMPARED);
  const hidden = columns.slice(MAX_COMPARED);
  const { unreadable } = readColumns(new URLSearchParams(location.search).get('ds') ?? '');
  const licensed = useLicensed();
  const catalogue = usePageData(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());
  const all = catalogue?.indicators ?? [];
  // Across methods: a theme, or one indicator by name (every method's GWP100, say).
  const groups = groupByIndicator(all.filter((indicator) => !/ no LT$/.test(indicator.method)));
  const named = groups.find((group) => group.name === search.indicator);
  const theme = themeOrDefault(search.theme);
  const wanted =
    search.mode === 'methods'
      ? (named?.indicators ?? indicatorsForTheme(all, theme))
      : all.filter((indicator) => search.ind.includes(indicator.id));
  const indicators = wanted.slice(0, MAX_INDICATORS_PER_CALL);
  const indicatorIds = indicators.map((indicator) => indicator.id);
  usePageTitle('Compare', version);
  const citing = useCitingContext();

  const comparison = useComparison({
    shown: release,
    columns: shownColumns,
    rows: indicators,
    charged: usage.data?.charged,
  });
  const fates = useColumnFates({
    shown: release,
    missing: comparison.missing,
    columns: comparison.shownColumns,
  });
  const writeColumns = (next: readonly Column[]) =>
    update({ ds: linkColumns(resolveColumns(next, release), release) });
  const present = new Set(columns.map((column) => column.key));
  const base = search.base && columnKey(search.base.id, search.base.release ?? release);
  const rank =
    search.sort === undefined ? undefined : { indicatorId: search.sort, direction: search.dir };
  const exportData = {
    shown: release,
    columns: comparison.shownColumns,
    indicators,
    value: comparison.value,
    provenance: comparison.provenance,
    followed: comparison.followed,
    rank,
  };
  const others = releasesOf(comparison.shownColumns).filter((r) => !sameRelease(r, release));
  if (!catalogue) return <PageSkeleton />;

  return (
    <Stack gap="md">
      <div>
        <CopyAsCode
          calls={comparison.requests.flatMap((request) =>
            batchCalls(request, request.datasetIds, request.indicatorIds),
          )}
        />
        <Title order={1}>Compare</Title>
        <Text c="dimmed">
          Up to {MAX_COMPARED} datasets side by side on up to {MAX_INDICATORS_PER_CALL} indicators,
          or one theme as every method rates it; a dataset may come from another release or system
          model.
        </Text>
      </div>
      <CompareControls
        search={search}
        update={update}
        indicators={all}
        sharedNames={groups.filter((group) => group.indicators.length > 1).map((g) => g.name)}
        theme={theme}
        named={named?.name}
        shown={release}
        releases={licensed}
        shownColumns={comparison.shownColumns}
        columns={shownColumns}
        onAdd={(added) => update({ ds: [...linkColumns(shownColumns, release), ...added] })}
        base={base}
        onBase={(column) =>
          update(
            { base: column ? linkColumns([column], release)[0] : undefined },
            { replace: true },
          )
        }
      />
      <LinkNotes
        shown={release}
        columns={columns}
        unreadable={unreadable}
        onShowHidden={() => writeColumns([...hidden, ...shownColumns])}
      />
      {wanted.length > indicators.length && (
        <Alert color="yellow" title="Not every indicator is shown">
          {wanted.length} indicators match; a comparison takes {MAX_INDICATORS_PER_CALL}. Choose a
          narrower theme or one indicator.
        </Alert>
      )}
      {columns.length === 0 && (
        <Text>
          No datasets yet. Add one by ID, or use “Compare” on a dataset page or a search result.{' '}
          <Anchor component={Link} to={paths.datasets(release, { ind: search.ind })}>
            Search datasets
          </Anchor>
        </Text>
      )}
      {columns.length > 0 && indicatorIds.length === 0 && (
        <Alert color="blue" title="No indicators chosen">
          <Text size="sm">
            Pick indicators above, choose them in the{' '}
            <Anchor component={Link} to={paths.indicators(release)}>
              catalogue
            </Anchor>
            , or start from the headline set.
          </Text>
          <Button
            mt="xs"
            size="xs"
            variant="light"
            onClick={() => update({ mode: 'datasets', ind: defaultIndicatorSet(all) })}
          >
            Use the headline indicators
          </Button>
        </Alert>
      )}
      {comparison.error !== undefined && (
        <ErrorPanel error={comparison.error} onRetry={comparison.retry} />
      )}
      {fates.missing.map((missing) => (
        <MissingColumnOffer
          key={missing.column.key}
          missing={missing}
          onReplace={(column, by) =>
            writeColumns(columns.flatMap((c) => (c.key === column.key ? by : [c])))
          }
        />
      ))}
      <OlderColumns
        fates={fates.older}
        present={present}
        onAdd={(after, added) =>
          writeColumns(columns.flatMap((c) => (c.key === after.key ? [c, ...added] : [c])))
        }
      />
      {indicators.length > 0 && (
        <FollowedNote
          shown={release}
          others={others}
          rows={indicators}
          followed={comparison.followed}
          failed={comparison.indicatorsFailed}
          onRetry={comparison.retryIndicators}
        />
      )}
      <ReferenceNote datasets={comparison.shownColumns.map((column) => column.dataset)} />
      <ScoreProgress progress={comparison.progress} />
      {comparison.shownColumns.length > 0 &&
        indicatorIds.length > 0 &&
        !comparison.consent.allowed &&
        !comparison.indicatorsPending &&
        !comparison.documentationPending && (
          <CompareBill comparison={comparison} indicators={indicators} />
        )}
      {comparison.documentationPending && shownColumns.length > 0 && (
        <Skeleton h={240} aria-label="Loading datasets" />
      )}
      {comparison.shownColumns.length > 0 && indicators.length > 0 && (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {comparison.shownColumns.length === 1
                ? search.view === 'relative'
                  ? 'Relative: each value as a percentage of this dataset’s largest in the same unit (100 %).'
                  : 'One dataset: each bar against this dataset’s largest value in the same unit.'
                : search.view === 'relative'
                  ? base !== undefined && comparison.shownColumns.some((c) => c.key === base)
                    ? `Relative: each value as a percentage of dataset ${search.base?.id ?? ''} in its row (100 %).`
                    : 'Relative: each value as a percentage of the largest absolute value in its row (100 %).'
                  : 'Press an indicator to rank the datasets by it.'}
            </Text>
            <Group gap="xs">
              <CopyLinkButton link={link} />
              <ExportButtons
                file={`comparison-${version}-${systemModel}`}
                disabled={!comparison.complete || comparison.indicatorsPending}
                build={() =>
                  comparisonExport(exportData, {
                    link,
                    fields: [
                      [
                        'Compared by',
                        search.mode === 'methods' ? 'across methods' : 'chosen indicators',
                      ],
                      ...(search.mode === 'methods'
                        ? [['Theme or indicator', named?.name ?? theme] as const]
                        : []),
                    ],
                  })
                }
                csv={[
                  { label: 'Export CSV', table: 0 },
                  { label: 'Export wide CSV', table: 1, suffix: '-wide' },
                  ...(others.length > 0
                    ? [{ label: 'Export indicators followed CSV', table: 2, suffix: '-indicators' }]
                    : []),
                ]}
                json={() => comparisonToJson(exportData)}
              />
              <CompareCiting
                data={exportData}
                loaded={comparison.loaded}
                complete={comparison.complete && !comparison.indicatorsPending}
                link={link}
                {...citing}
              />
            </Group>
          </Group>
          <CompareTable
            columns={comparison.shownColumns}
            indicators={indicators}
            shown={release}
            value={comparison.value}
            loaded={comparison.loaded}
            followed={comparison.followed}
            view={search.view}
            baseline={base}
            rank={rank}
            onRank={(rank) =>
              update({ sort: rank?.indicatorId, dir: rank?.direction ?? 'desc' }, { replace: true })
            }
            onRemove={(column) => writeColumns(columns.filter((c) => c.key !== column.key))}
            datasetHref={(column) => {
              const request = comparison.requests.find((r) => sameRelease(r, column.release));
              return paths.dataset(column.release, column.id, {
                ind: request?.indicatorIds ?? indicatorIds,
              });
            }}
          />
        </>
      )}
    </Stack>
  );
}
