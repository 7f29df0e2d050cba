import { Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RouteError } from '../../components/feedback/route-error';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';
import { usePageTitle } from '../../lib/page-title';
import { queryClientContext, type LoaderContext, startQuery } from '../route-context';

export function loader({ context }: LoaderContext) {
  startQuery(context.get(queryClientContext), versionQueries.all());
  return null;
}

export const ErrorBoundary = RouteError;

/** `/releases`: every version × system model, licensed ones open. */
export function Component() {
  const { data: versions } = useSuspenseQuery(versionQueries.all());
  usePageTitle('Releases');
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Releases</Title>
        <Text c="dimmed">
          Each release of the database comes in several system models. Pick one to explore it.
        </Text>
      </div>
      <ReleaseMatrix versions={versions.releases} />
    </Stack>
  );
}
