import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { Stack, Text, Title } from '@mantine/core';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';

export function loader(args: LoaderContext) {
  startQuery(loaderInput(args).queryClient, versionQueries.all());
  return null;
}

export const ErrorBoundary = RouteError;

/** `/releases`: every version × system model, licensed ones open. */
export function Component() {
  const versions = usePageData(versionQueries.all());
  usePageTitle('Releases');
  if (!versions) return <PageSkeleton />;
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode calls={[apiCall('versions')]} />
        <Title order={1}>Releases</Title>
        <Text c="dimmed">
          Each release of the database comes in several system models. Pick one to explore it.
        </Text>
      </div>
      <ReleaseMatrix versions={versions.releases} />
    </Stack>
  );
}
