import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { systemModelLabel } from '../../../shared/versions';
import { paths } from '../../config/paths';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { recentDatasets } from '../../features/datasets/recent';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';
import { formatTotal } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import { searches } from '../../config/routes';
import { RouteError } from '../../components/feedback/route-error';
import { LookupBox } from '../lookup-box';
import {
  queryClientContext,
  releaseContext,
  type LoaderContext,
  startQuery,
} from '../route-context';

const overviewSearch = (version: string, systemModel: string) =>
  datasetQueries.search({ version, systemModel, query: '', page: 1, size: 10 });

/** Starts the counts; the page shows at once, each count as it arrives. */
export function loader({ context }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const { version, systemModel } = context.get(releaseContext);
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
  startQuery(queryClient, overviewSearch(version, systemModel));
  return null;
}

export const ErrorBoundary = RouteError;

function Stat({
  label,
  value,
  to,
  atLeast = false,
}: {
  label: string;
  value: number | undefined;
  to: string;
  /** The data service counted no further than `value`. */
  atLeast?: boolean;
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} w={100} />
      ) : (
        <Anchor component={Link} to={to} size="xl" fw={700} underline="hover">
          {formatTotal(value, atLeast)}
        </Anchor>
      )}
    </Card>
  );
}

/** `/:version/:systemModel`: what this release holds, a way in, and the others a click away. */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [{ ind }] = useRouteSearch(searches.overview);
  const versions = useQuery(versionQueries.all());
  const indicators = useQuery(indicatorQueries.list(version, systemModel));
  const activities = useQuery(overviewSearch(version, systemModel));
  usePageTitle(`Release ${version} · ${systemModel}`);
  const entry = versions.data?.releases.find((candidate) => candidate.version === version);
  const methods = indicators.data
    ? new Set(indicators.data.indicators.map((indicator) => indicator.method)).size
    : undefined;
  const recent = recentDatasets().filter(
    (item) => item.version === version && item.systemModel === systemModel,
  );
  return (
    <Stack gap="lg">
      <div>
        <CopyAsCode
          calls={[
            apiCall('indicators', { query: releaseQuery(release) }),
            apiCall('search', { query: { ...releaseQuery(release), from: 0, limit: 10 } }),
          ]}
        />
        <Title order={1}>
          Release {version} · {systemModel}
        </Title>
        <Text c="dimmed">
          {systemModelLabel(systemModel)}
          {entry?.release_date ? ` · released ${entry.release_date}` : ''}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat
          label="Activities"
          value={activities.data?.total}
          atLeast={activities.data?.total_at_least === true}
          to={paths.datasets(release, { ind })}
        />
        <Stat label="LCIA methods" value={methods} to={paths.indicators(release, { ind })} />
        <Stat
          label="Indicators"
          value={indicators.data?.indicators.length}
          to={paths.indicators(release, { ind })}
        />
      </SimpleGrid>
      <Stack gap={4} maw={560}>
        <Title order={2} size="h4">
          Look up a dataset
        </Title>
        <LookupBox release={release} ind={ind} size="md" />
      </Stack>
      {recent.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Recently opened
          </Title>
          <Group gap="md">
            {recent.map((item) => (
              <Anchor
                key={item.id}
                component={Link}
                to={paths.dataset(release, item.id, { ind })}
                size="sm"
              >
                {item.activity} · {item.geography}
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          Releases in your licence
        </Title>
        {versions.data ? (
          <ReleaseMatrix versions={versions.data.releases} current={release} />
        ) : (
          <Skeleton h={160} />
        )}
      </Stack>
    </Stack>
  );
}
