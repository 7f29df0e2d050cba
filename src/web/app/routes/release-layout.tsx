import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { LATEST, systemModelLabel } from '../../../shared/versions';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { paths, switchRelease } from '../../config/paths';
import { versionQueries } from '../../features/releases/api/get-versions';
import { parseReleaseParams } from '../../lib/release-params';
import { NotFoundRoute } from './not-found';

/**
 * Everything under `/:version/:systemModel`: `latest` becomes the concrete release (so a
 * copied link pins what was seen), and a release outside the licence says so.
 */
export function ReleaseLayout() {
  const params = parseReleaseParams(useParams());
  const location = useLocation();
  const versions = useQuery(versionQueries.all());

  if (!params) return <NotFoundRoute />;
  if (versions.isPending) return <Skeleton h={200} aria-label="Loading release" />;
  if (versions.isError)
    return <ErrorPanel error={versions.error} onRetry={() => void versions.refetch()} />;

  if (params.version === LATEST) {
    const latest = versions.data.latest;
    if (latest !== null) {
      const to = switchRelease(location.pathname, latest, params.systemModel);
      return <Navigate to={`${to}${location.search}${location.hash}`} replace />;
    }
  }
  const entry = versions.data.releases.find((candidate) => candidate.version === params.version);
  if (!entry || !entry.system_models.includes(params.systemModel)) {
    return (
      <Stack maw={640}>
        <Alert color="yellow" title="Not in your licence" role="alert">
          <Text size="sm">
            {entry
              ? `Your organisation’s licence does not include release ${params.version} with the system model ${params.systemModel} (${systemModelLabel(params.systemModel)}).`
              : `Release ${params.version} is not available to your organisation.`}
          </Text>
        </Alert>
        <Anchor component={Link} to={paths.releases()}>
          See the releases your licence holds
        </Anchor>
      </Stack>
    );
  }
  return <Outlet />;
}
