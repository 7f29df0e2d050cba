import { CopyAsCode } from '../../components/code/copy-as-code';
import { batchCalls } from '../../components/code/page-calls';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MAX_INDICATORS_PER_CALL } from '../../../shared/api/routes';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { useShownLink } from '../../lib/shown-link';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { MAX_COMPARED, searches } from '../../config/routes';
import { useComparison } from '../../features/compare/api/use-comparison';
import { CompareControls } from '../../features/compare/components/compare-controls';
import { CompareTable } from '../../features/compare/components/compare-table';
import { ReferenceNote } from '../../features/compare/components/reference-note';
import { comparisonExport, comparisonToJson } from '../../features/compare/export';
import { indicatorsForTheme, themeOrDefault } from '../../features/compare/themes';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { defaultIndicatorSet } from '../../features/indicators/defaults';
import { groupByIndicator } from '../../features/indicators/tree';
import { scoreQueries } from '../../features/scores/api/score-queries';
import { CostPrompt, datasetLabel } from '../../features/scores/components/cost-prompt';
import { usageQueries } from '../../features/usage/api/get-usage';
import { plural } from '../../lib/format';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  startQuery,
} from '../route-context';

/** The catalogue and the datasets' documentation (free); never a score, which needs a yes. */
export function loader({ context, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const { version, systemModel } = context.get(releaseContext);
  const shown = searches.compare.parse(searchOf(request)).ds.slice(0, MAX_COMPARED);
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
  for (const query of scoreQueries.documentation({ version, systemModel }, shown))
    startQuery(queryClient, query);
  startQuery(queryClient, usageQueries.current());
  return null;
}

export const ErrorBoundary = RouteError;

/**
 * `/:v/:m/compare?ds=…&ind=…`: datasets side by side on the chosen indicators, or
 * (`mode=methods&theme=…`) every method's indicators for one theme.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search, update] = useRouteSearch(searches.compare);
  const link = useShownLink(searches.compare, undefined);
  const shownIds = search.ds.slice(0, MAX_COMPARED);
  const hiddenIds = search.ds.slice(MAX_COMPARED);
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

  const comparison = useComparison({
    release,
    datasetIds: shownIds,
    indicatorIds,
    charged: usage.data?.charged,
  });
  const { datasets, consent, progress } = comparison;
  const rank =
    search.sort === undefined ? undefined : { indicatorId: search.sort, direction: search.dir };
  const exportData = {
    version,
    systemModel,
    datasets,
    indicators,
    scores: comparison.scores,
    rank,
  };
  const loading = progress.calls > 0 && progress.done < progress.calls;
  if (!catalogue) return <PageSkeleton />;

  return (
    <Stack gap="md">
      <div>
        <CopyAsCode calls={batchCalls(release, shownIds, indicatorIds)} />
        <Title order={1}>Compare</Title>
        <Text c="dimmed">
          Up to {MAX_COMPARED} datasets side by side on up to {MAX_INDICATORS_PER_CALL} indicators,
          or one theme as every method rates it.
        </Text>
      </div>
      <CompareControls
        search={search}
        update={update}
        indicators={all}
        sharedNames={groups.filter((group) => group.indicators.length > 1).map((g) => g.name)}
        theme={theme}
        named={named?.name}
        datasets={datasets}
        shownIds={shownIds}
      />
      {hiddenIds.length > 0 && (
        <Alert color="yellow" title={`${plural(hiddenIds.length, 'dataset')} not shown`}>
          <Text size="sm">
            This link names {search.ds.length} datasets; a comparison shows {MAX_COMPARED} at a
            time. Not shown: {hiddenIds.join(', ')}.
          </Text>
          <Button
            mt="xs"
            size="xs"
            variant="light"
            onClick={() => update({ ds: [...hiddenIds, ...shownIds] })}
          >
            Show {hiddenIds.length > MAX_COMPARED ? `the next ${MAX_COMPARED}` : 'those'} first
          </Button>
        </Alert>
      )}
      {wanted.length > indicators.length && (
        <Alert color="yellow" title="Not every indicator is shown">
          {wanted.length} indicators match; a comparison takes {MAX_INDICATORS_PER_CALL}. Choose a
          narrower theme or one indicator.
        </Alert>
      )}
      {shownIds.length === 0 && (
        <Text>
          No datasets yet. Add one by ID, or use “Compare” on a dataset page or a search result.{' '}
          <Anchor component={Link} to={paths.datasets(release, { ind: search.ind })}>
            Search datasets
          </Anchor>
        </Text>
      )}
      {shownIds.length > 0 && indicatorIds.length === 0 && (
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
      {comparison.missing.length > 0 && !comparison.documentationPending && (
        <Alert color="yellow" title="Not in this release">
          {comparison.missing.join(', ')} {comparison.missing.length === 1 ? 'is' : 'are'} not in{' '}
          {version} ({systemModel}).
        </Alert>
      )}
      <ReferenceNote datasets={datasets} />
      {loading && (
        <Stack gap={4} role="status">
          <Text size="sm">
            Loading scores: {progress.done} of {plural(progress.calls, 'request')}
          </Text>
          <Progress value={(progress.done / progress.calls) * 100} aria-label="Loading scores" />
        </Stack>
      )}
      {shownIds.length > 0 && indicatorIds.length > 0 && !consent.allowed && (
        <CostPrompt
          title={`Scores for ${plural(shownIds.length, 'dataset')} × ${plural(indicatorIds.length, 'indicator')}`}
          charges={comparison.bill.adds}
          elsewhere={comparison.bill.elsewhere}
          loads={{
            datasets: shownIds.map((id) => {
              const dataset = datasets.find((candidate) => candidate.id === id);
              return {
                id,
                name: dataset ? datasetLabel(dataset) : `Dataset ${id}`,
              };
            }),
            indicators,
          }}
          partShown={comparison.held}
          onLoad={consent.approve}
        />
      )}
      {comparison.documentationPending && shownIds.length > 0 && (
        <Skeleton h={240} aria-label="Loading datasets" />
      )}
      {datasets.length > 0 && indicators.length > 0 && (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {datasets.length === 1
                ? search.view === 'relative'
                  ? 'Relative: each value as a percentage of this dataset’s largest in the same unit (100 %).'
                  : 'One dataset: each bar against this dataset’s largest value in the same unit.'
                : search.view === 'relative'
                  ? search.base !== undefined && datasets.some((d) => d.id === search.base)
                    ? `Relative: each value as a percentage of dataset ${search.base} in its row (100 %).`
                    : 'Relative: each value as a percentage of the largest absolute value in its row (100 %).'
                  : 'Press an indicator to rank the datasets by it.'}
            </Text>
            <Group gap="xs">
              <CopyLinkButton link={link} />
              <ExportButtons
                file={`comparison-${version}-${systemModel}`}
                disabled={!comparison.complete}
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
                ]}
                json={() => comparisonToJson(exportData)}
              />
            </Group>
          </Group>
          <CompareTable
            datasets={datasets}
            indicators={indicators}
            scores={comparison.scores}
            loaded={comparison.loaded}
            view={search.view}
            baseline={search.base}
            rank={rank}
            onRank={(rank) =>
              update({ sort: rank?.indicatorId, dir: rank?.direction ?? 'desc' }, { replace: true })
            }
            onRemove={(id) => update({ ds: search.ds.filter((other) => other !== id) })}
            datasetHref={(id) => paths.dataset(release, id, { ind: indicatorIds })}
          />
        </>
      )}
    </Stack>
  );
}
