import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseWire } from '../../lib/api-client';
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { systemModelLabel } from '../../../shared/versions';
import { Stat } from '../../components/data/stat';
import { paths } from '../../config/paths';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { RecentDatasets } from '../../features/datasets/components/recent-datasets';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import { searches, type ReleaseRef } from '../../config/routes';
import { RouteError } from '../../components/feedback/route-error';
import { LookupBox } from '../lookup-box';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';

const overviewSearch = ({ version, systemModel }: ReleaseRef) =>
  datasetQueries.search({ version, systemModel, query: '', page: 1, size: 10 });

/** Starts the counts; the page shows at once, each count as it arrives. */
export function loader(args: LoaderContext) {
  const { queryClient, release } = loaderInput(args);
  startQuery(queryClient, indicatorQueries.list(release));
  startQuery(queryClient, overviewSearch(release));
  return null;
}

export const ErrorBoundary = RouteError;

/** `/:version/:systemModel`: what this release holds, a way in, and the others a click away. */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [{ ind }] = useRouteSearch(searches.overview);
  const versions = useQuery(versionQueries.all());
  const indicators = useQuery(indicatorQueries.list(release));
  const activities = useQuery(overviewSearch(release));
  usePageTitle(`Release ${version} · ${systemModel}`);
  const entry = versions.data?.releases.find((candidate) => candidate.version === version);
  const methods = indicators.data
    ? new Set(indicators.data.indicators.map((indicator) => indicator.method)).size
    : undefined;
  return (
    <Stack gap="lg">
      <div>
        <CopyAsCode
          calls={[
            apiCall('indicators', { query: releaseWire(release) }),
            apiCall('search', { query: { ...releaseWire(release), from: 0, limit: 10 } }),
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
      <RecentDatasets release={release} ind={ind} />
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
