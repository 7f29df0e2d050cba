import '@mantine/charts/styles.css';
import { Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useRouteError } from 'react-router';
import { z } from 'zod';
import { DatasetIdSchema } from '../../../shared/api/routes';
import { OrMissing } from '../../components/data/missing';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches, type Release } from '../../config/routes';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { DatasetDocumentation } from '../../features/datasets/components/dataset-documentation';
import { ScoresPanel } from '../../features/datasets/components/scores-panel';
import { rememberDataset } from '../../features/datasets/recent';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { chooseIndicators } from '../../features/indicators/defaults';
import { versionQueries } from '../../features/releases/api/get-versions';
import { usageQueries } from '../../features/usage/api/get-usage';
import { ApiError } from '../../lib/api-client';
import { chargedSoFar } from '../../lib/charges';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../../lib/release-params';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  type LoaderContext,
  startQuery,
} from '../route-context';

const IdSchema = z.coerce.number().pipe(DatasetIdSchema);

/** The dataset ID in the path; anything else is a page that does not exist. */
function datasetId(params: Record<string, string | undefined>): number {
  const parsed = IdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response(null, { status: 404 });
  return parsed.data;
}

/** The documentation, with the catalogue and the usage alongside; never the scores. */
export function loader({ context, params }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const { version, systemModel } = context.get(releaseContext);
  startQuery(queryClient, datasetQueries.detail(version, systemModel, datasetId(params)));
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
  startQuery(queryClient, usageQueries.current());
  return null;
}

/** When a dataset is missing from this release: which other releases in the licence have it. */
function ElsewhereList({ id, here }: { id: number; here: Release }) {
  const versions = useQuery(versionQueries.all());
  const others = (versions.data?.releases ?? []).flatMap((entry) =>
    entry.system_models
      .filter((model) => entry.version !== here.version || model !== here.systemModel)
      .map((model) => ({ version: entry.version, systemModel: model })),
  );
  const lookups = useQueries({
    queries: others.map((other) => ({
      ...datasetQueries.detail(other.version, other.systemModel, id),
      retry: false,
    })),
  });
  const found = others.filter((_, index) => lookups[index]?.data);
  const pending = lookups.some((lookup) => lookup.isPending);
  return (
    <Stack gap="xs">
      <Text>
        {pending
          ? 'Looking for it in the other releases of your licence…'
          : found.length > 0
            ? 'Releases that have it:'
            : 'No other release in your licence has it either.'}
      </Text>
      <Group gap="sm">
        {found.map((other) => (
          <Anchor
            key={`${other.version}/${other.systemModel}`}
            component={Link}
            to={paths.dataset(other, id)}
          >
            {other.version} · {other.systemModel}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** A Dataset ID this release lacks: say so, and offer the releases that have it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const release = useRelease();
  const id = Number(useParams().id);
  usePageTitle(`Dataset ${id} not in ${release.version}`);
  if (!(error instanceof ApiError && error.status === 404)) return <RouteError />;
  return (
    <Stack maw={720}>
      <Title order={1}>
        Dataset {id} is not in {release.version} · {release.systemModel}
      </Title>
      <Text>
        Dataset IDs are stable between releases, but a dataset can be deleted, merged into another
        or moved to a new ID.
      </Text>
      <ElsewhereList id={id} here={release} />
      <Anchor component={Link} to={paths.datasets(release)}>
        Search this release instead
      </Anchor>
    </Stack>
  );
}

/** `/:v/:m/datasets/:id`: documentation first, scores for the chosen indicators when asked. */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const id = datasetId(useParams());
  const [search] = useRouteSearch(searches.dataset);
  const dataset = usePageData(datasetQueries.detail(version, systemModel, id));
  const indicators = useQuery(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());
  usePageTitle(dataset?.activity ?? `Dataset ${id}`, dataset?.geography, version);

  useEffect(() => {
    if (!dataset) return;
    rememberDataset({
      id,
      activity: dataset.activity ?? `Dataset ${id}`,
      geography: dataset.geography ?? '',
      version,
      systemModel,
    });
  }, [dataset, id, version, systemModel]);

  if (!dataset) return <PageSkeleton />;
  const usable = indicators.data ? chooseIndicators(search.ind, indicators.data.indicators) : [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{dataset.activity ?? `Dataset ${dataset.id}`}</Title>
        <Text c="dimmed">
          <OrMissing value={dataset.geography} what="no geography" /> ·{' '}
          <OrMissing value={dataset.product} what="no product name" /> · release {version} (
          {systemModel}) · Dataset ID {dataset.id}
        </Text>
        <Group gap="xs" mt={4}>
          <CopyButton value={window.location.href}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.indicators(release, { ind: usable, dataset: id })}
          >
            Change indicators
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.compare(release, { ds: [id], ind: usable })}
          >
            Compare
          </Button>
        </Group>
      </Stack>
      <DatasetDocumentation
        dataset={dataset}
        searchHref={(filter) => paths.datasets(release, { ...filter, ind: search.ind })}
      />
      <Stack gap="sm">
        <Title order={2} size="h3">
          Impact scores
        </Title>
        {indicators.isPending ? (
          <Skeleton h={80} />
        ) : (
          <ScoresPanel
            version={version}
            systemModel={systemModel}
            datasetId={id}
            indicatorIds={usable}
            charged={chargedSoFar(usage.data)}
          />
        )}
      </Stack>
    </Stack>
  );
}
