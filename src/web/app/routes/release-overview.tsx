import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { systemModelLabel } from '../../../shared/versions';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseMatrix } from '../../features/releases/components/release-matrix';
import { parseReleaseParams } from '../../features/releases/release-params';

/** `/:version/:systemModel`: what release this is, and the others a click away. */
export function ReleaseOverviewRoute() {
  const params = parseReleaseParams(useParams());
  const versions = useQuery(versionQueries.all());
  if (!params) return null;
  const entry = versions.data?.find((candidate) => candidate.version === params.version);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          Release {params.version} · {params.systemModel}
        </Title>
        <Text c="dimmed">
          {systemModelLabel(params.systemModel)}
          {entry?.release_date ? ` · released ${entry.release_date}` : ''}
        </Text>
      </div>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Releases in your licence
        </Title>
        {versions.data ? (
          <ReleaseMatrix versions={versions.data} current={params} />
        ) : (
          <Skeleton h={160} />
        )}
      </Stack>
    </Stack>
  );
}
