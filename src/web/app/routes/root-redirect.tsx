import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { DEFAULT_SYSTEM_MODEL } from '../../../shared/versions';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { FullPageLoader } from '../../components/feedback/full-page-loader';
import { paths } from '../../config/paths';
import { versionQueries } from '../../features/releases/api/get-versions';

/** `/` opens the newest release in the upstream's default system model. */
export function RootRedirect() {
  const versions = useQuery(versionQueries.all());
  if (versions.isPending) return <FullPageLoader label="Finding the latest release…" />;
  if (versions.isError)
    return <ErrorPanel error={versions.error} onRetry={() => void versions.refetch()} />;
  const latest = versions.data.releases.find((release) => release.version === versions.data.latest);
  if (!latest) {
    return (
      <Alert color="yellow" title="No releases">
        Your organisation’s licence does not hold any release of the database.
      </Alert>
    );
  }
  const model = latest.system_models.includes(DEFAULT_SYSTEM_MODEL)
    ? DEFAULT_SYSTEM_MODEL
    : (latest.system_models[0] ?? DEFAULT_SYSTEM_MODEL);
  return <Navigate to={paths.release(latest.version, model)} replace />;
}
