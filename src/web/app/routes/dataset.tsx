import '@mantine/charts/styles.css';
import { Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { OrMissing } from '../../components/data/missing';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { paths } from '../../config/paths';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { DatasetDocumentation } from '../../features/datasets/components/dataset-documentation';
import { ScoresPanel } from '../../features/datasets/components/scores-panel';
import { rememberDataset } from '../../features/datasets/recent';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { defaultIndicatorSet } from '../../features/indicators/defaults';
import { rememberedIndicatorSet } from '../../features/indicators/use-indicator-selection';
import { versionQueries } from '../../features/releases/api/get-versions';
import { usageQueries } from '../../features/usage/api/get-usage';
import { ApiError } from '../../lib/api-client';
import { useRelease } from '../../lib/release-params';
import { parseIndicatorSet } from '../../lib/url-state';
import { NotFoundRoute } from './not-found';

const IdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** When a dataset is missing from this release: which other releases in the licence have it. */
function ElsewhereList({
  id,
  here,
}: {
  id: number;
  here: { version: string; systemModel: string };
}) {
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
            to={paths.dataset(other.version, other.systemModel, id)}
          >
            {other.version} · {other.systemModel}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** `/:v/:m/datasets/:id`: documentation first, scores for the chosen indicators when asked. */
export function DatasetRoute() {
  const { version, systemModel } = useRelease();
  const idParse = IdSchema.safeParse(useParams().id);
  const [searchParams] = useSearchParams();
  const id = idParse.success ? idParse.data : 0;
  const dataset = useQuery({
    ...datasetQueries.detail(version, systemModel, id),
    enabled: idParse.success,
  });
  const indicators = useQuery(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());

  useEffect(() => {
    if (dataset.data) {
      rememberDataset({
        id,
        activity: dataset.data.activity ?? `Dataset ${id}`,
        geography: dataset.data.geography ?? '',
        version,
        systemModel,
      });
    }
  }, [dataset.data, id, version, systemModel]);

  if (!idParse.success) return <NotFoundRoute />;
  if (dataset.isPending) return <Skeleton h={400} aria-label="Loading dataset" />;
  if (dataset.isError) {
    if (dataset.error instanceof ApiError && dataset.error.status === 404) {
      return (
        <Stack maw={720}>
          <Title order={1}>
            Dataset {id} is not in {version} · {systemModel}
          </Title>
          <Text>
            Dataset IDs are stable between releases, but a dataset can be deleted, merged into
            another or moved to a new ID.
          </Text>
          <ElsewhereList id={id} here={{ version, systemModel }} />
          <Anchor component={Link} to={paths.datasets(version, systemModel)}>
            Search this release instead
          </Anchor>
        </Stack>
      );
    }
    return <ErrorPanel error={dataset.error} onRetry={() => void dataset.refetch()} />;
  }

  const known = new Set(indicators.data?.indicators.map((indicator) => indicator.id));
  const fromUrl = parseIndicatorSet(searchParams.get('ind'));
  const fallback = rememberedIndicatorSet().filter((indicatorId) => known.has(indicatorId));
  const chosen =
    fromUrl.length > 0
      ? fromUrl
      : fallback.length > 0
        ? fallback
        : defaultIndicatorSet(indicators.data?.indicators ?? []);
  const usable = indicators.data ? chosen.filter((indicatorId) => known.has(indicatorId)) : [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{dataset.data.activity ?? `Dataset ${dataset.data.id}`}</Title>
        <Text c="dimmed">
          <OrMissing value={dataset.data.geography} what="no geography" /> ·{' '}
          <OrMissing value={dataset.data.product} what="no product name" /> · release {version} (
          {systemModel}) · Dataset ID {dataset.data.id}
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
            to={paths.indicators(version, systemModel, { ind: usable })}
          >
            Change indicators
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.compare(version, systemModel, { ds: [id], ind: usable })}
          >
            Compare
          </Button>
        </Group>
      </Stack>
      <DatasetDocumentation
        dataset={dataset.data}
        searchHref={(filter) => paths.datasets(version, systemModel, filter)}
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
            charged={usage.data?.charged}
          />
        )}
      </Stack>
    </Stack>
  );
}
