import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import '@mantine/charts/styles.css';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Dataset, DatasetHistory } from '../../../shared/api/schemas';
import { OrMissing } from '../../components/data/missing';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { ReadingProgress } from '../../components/feedback/reading-progress';
import { paths } from '../../config/paths';
import { plural } from '../../lib/format';
import { searches } from '../../config/routes';
import {
  documentationRows,
  historyExport,
  historyToJson,
} from '../../features/history/across-releases';
import { useHistoryIndicators } from '../../features/history/api/use-history-indicators';
import { askedNotes } from '../../features/history/components/history-scores';
import { scoreRows } from '../../features/history/score-cells';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { historyQueries } from '../../features/history/api/history-queries';
import { useHistoryScores } from '../../features/history/api/use-history-scores';
import { DocumentationDiff } from '../../features/history/components/documentation-diff';
import { HistoryCiting } from '../../features/history/components/history-citing';
import { HistoryScores } from '../../features/history/components/history-scores';
import { ReleaseMatches } from '../../features/history/components/release-matches';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { chooseIndicators } from '../../features/indicators/defaults';
import { usageQueries } from '../../features/usage/api/get-usage';
import { useShownLink } from '../../lib/shown-link';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useCitingContext } from '../citing-context';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import { datasetId, DatasetNotFound } from '../dataset-not-found';
import {
  queryClientContext,
  releaseContext,
  type LoaderContext,
  startQuery,
} from '../route-context';

/** The matches across releases (free), the catalogue and the usage; never a score. */
export function loader({ context, params }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const { version, systemModel } = context.get(releaseContext);
  startQuery(queryClient, historyQueries.matches(version, systemModel, datasetId(params)));
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
  startQuery(queryClient, usageQueries.current());
  return null;
}

/** A Dataset ID this release lacks: say so, and offer the releases that have it. */
export const ErrorBoundary = DatasetNotFound;

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The history once the proxy has read every release: matches, documentation and scores. */
function HistoryView({ history }: { history: Ready }) {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search] = useRouteSearch(searches.history);
  const catalogue = useQuery(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());
  const entries = history.releases;
  const here = entries.find((entry) => entry.version === version)?.dataset;

  // Each release's documentation, free, from the same cache entries as the dataset pages.
  const withDataset = entries.flatMap((entry) => (entry.dataset ? [entry] : []));
  const documents = useQueries({
    queries: withDataset.map((entry) =>
      datasetQueries.detail(entry.version, systemModel, entry.dataset?.id ?? history.id),
    ),
  });
  const documentOf = new Map<string, Dataset>();
  withDataset.forEach((entry, i) => {
    const data = documents[i]?.data;
    if (data) documentOf.set(entry.version, data);
  });
  const docRows = documentationRows(
    entries.map((entry) => ({
      version: entry.version,
      dataset: entry.dataset ? documentOf.get(entry.version) : null,
    })),
    version,
  );

  const all = catalogue.data?.indicators ?? [];
  // The set asked for, else the one remembered or the headline set; IDs the release lacks are
  // kept, and followed from another release's catalogue below.
  const requested =
    search.ind.length > 0 ? search.ind : catalogue.data ? chooseIndicators([], all) : [];
  const versions = entries.map((entry) => entry.version);
  const needOthers =
    catalogue.data !== undefined && requested.some((id) => !all.some((i) => i.id === id));
  const others = useQueries({
    queries: versions
      .filter((other) => other !== version)
      .map((other) => ({ ...indicatorQueries.list(other, systemModel), enabled: needOthers })),
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
  const { indicators } = followed;
  // Links carry the set asked for; until the catalogue is in, as the URL has it.
  const linked = catalogue.data ? requested : search.ind;
  // The set from memory or the headline set goes into the address; one the URL names stays.
  const link = useShownLink(
    searches.history,
    catalogue.data ? { ind: search.ind.length > 0 ? search.ind : requested } : undefined,
  );
  const scores = useHistoryScores({
    systemModel,
    base: version,
    entries,
    indicators,
    counterparts: followed.counterparts,
    ready: followed.ready,
    charged: usage.data?.charged,
  });
  const rows = scoreRows({
    indicators,
    entries,
    base: version,
    counterparts: followed.counterparts,
    score: scores.lookup,
    provenance: scores.provenance,
    loaded: scores.loaded,
  });
  const exported = {
    systemModel,
    base: version,
    entries,
    rows: scores.releasesLoaded > 0 ? rows : [],
  };
  const file = `dataset-${history.id}-across-releases-${systemModel}`;
  const citing = useCitingContext();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <div>
          <CopyAsCode
            calls={[
              apiCall('history', { params: { id: history.id }, query: releaseQuery(release) }),
              ...scores.asks.flatMap((ask) =>
                ask.datasetIds.map((id) =>
                  apiCall('dataset', {
                    params: { id },
                    query: {
                      version: ask.version,
                      system_model: systemModel,
                      indicator_ids: ask.indicatorIds,
                    },
                  }),
                ),
              ),
            ]}
          />
          <Title order={1}>{here?.activity ?? `Dataset ${history.id}`} across releases</Title>
        </div>
        <Text c="dimmed">
          <OrMissing value={here?.geography ?? null} /> ·{' '}
          <OrMissing value={here?.product ?? null} /> · Dataset ID {history.id} in {version} ·{' '}
          {history.omitted.length === 0
            ? `every release of ${systemModel} in your licence`
            : `the ${plural(history.releases.length, 'release')} of ${systemModel} nearest ${version}; not compared: ${history.omitted.join(', ')}`}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.dataset(release, history.id, { ind: search.ind })}
          >
            Back to the dataset
          </Button>
          <CopyLinkButton link={link} />
          <ExportButtons
            file={file}
            build={() =>
              historyExport(
                {
                  ...exported,
                  id: history.id,
                  activity: here?.activity ?? null,
                  notes: askedNotes(followed, version),
                },
                link,
              )
            }
            json={() => historyToJson(exported)}
          />
          <HistoryCiting
            {...exported}
            {...citing}
            id={history.id}
            activity={here?.activity ?? null}
            link={link}
            loading={scores.progress.fetching}
          />
        </Group>
      </Stack>
      <Section title="In each release">
        <ReleaseMatches history={history} ind={linked} />
      </Section>
      <Section title="Documentation">
        <Text size="sm" c="dimmed">
          Highlighted: what differs from {version}.
        </Text>
        {documents.some((document) => document.isPending) ? (
          <Skeleton h={240} aria-label="Loading the documentation" />
        ) : (
          <DocumentationDiff rows={docRows} versions={entries.map((entry) => entry.version)} />
        )}
      </Section>
      <Section title="Scores">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {indicators.length > 0
              ? `For ${indicators.map((indicator) => `${indicator.indicator} (${indicator.method})`).join('; ')}.`
              : 'No indicators chosen.'}
          </Text>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.indicators(release, {
              ind: linked,
              dataset: history.id,
              back: 'history',
            })}
          >
            Change indicators
          </Button>
        </Group>
        {catalogue.isPending ? (
          <Skeleton h={80} aria-label="Loading the indicators" />
        ) : (
          <HistoryScores
            base={version}
            systemModel={systemModel}
            entries={entries}
            ind={linked}
            rows={rows}
            indicators={followed}
            scores={scores}
          />
        )}
      </Section>
    </Stack>
  );
}

/**
 * `/:v/:m/datasets/:id/history`: the dataset in every licensed release of the system model, how
 * each match was made, its documentation side by side, and its scores once agreed to.
 */
export function Component() {
  const { version, systemModel } = useRelease();
  const id = datasetId(useParams());
  const history = usePageData(historyQueries.matches(version, systemModel, id));
  const here =
    history?.status === 'ready'
      ? history.releases.find((entry) => entry.version === version)?.dataset
      : undefined;
  usePageTitle(`${here?.activity ?? `Dataset ${id}`} across releases`, here?.geography, version);
  if (!history) return <PageSkeleton />;
  if (history.status === 'building')
    return (
      <Stack gap="md">
        <Title order={1}>Dataset {id} across releases</Title>
        <ReadingProgress progress={history} what={`the releases of ${systemModel}`} />
      </Stack>
    );
  return <HistoryView history={history} />;
}
