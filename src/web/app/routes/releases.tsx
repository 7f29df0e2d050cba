import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';

/** `/releases`: every version × system model, licensed ones open. */
export function ReleasesRoute() {
  const versions = useQuery(versionQueries.all());
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Releases</Title>
        <Text c="dimmed">
          Each release of the database comes in several system models. Pick one to explore it.
        </Text>
      </div>
      {versions.isPending && <Skeleton h={160} aria-label="Loading releases" />}
      {versions.isError && (
        <ErrorPanel error={versions.error} onRetry={() => void versions.refetch()} />
      )}
      {versions.data && <ReleaseMatrix versions={versions.data.releases} />}
    </Stack>
  );
}
