import { Alert } from '@mantine/core';
import { replace } from 'react-router';
import { DEFAULT_SYSTEM_MODEL } from '../../../shared/versions';
import { paths } from '../../config/paths';
import { versionQueries } from '../../features/releases/api/get-versions';
import { usePageTitle } from '../../lib/page-title';
import { type LoaderContext, ensureQueryData, loaderInput } from '../route-context';

/**
 * `/` (and the sign-in callback, once done) opens the newest release in the upstream's default
 * system model, or its first when it lacks that one.
 */
export async function loader(args: LoaderContext) {
  const versions = await ensureQueryData(loaderInput(args).queryClient, versionQueries.all());
  const latest = versions.releases.find((release) => release.version === versions.latest);
  if (!latest) return null;
  const systemModel = latest.system_models.includes(DEFAULT_SYSTEM_MODEL)
    ? DEFAULT_SYSTEM_MODEL
    : (latest.system_models[0] ?? DEFAULT_SYSTEM_MODEL);
  throw replace(paths.release({ version: latest.version, systemModel }));
}

/** Shown only when the licence holds no release at all. */
export function Component() {
  usePageTitle('No releases');
  return (
    <Alert color="yellow" title="No releases">
      Your organisation’s licence does not hold any release of the database.
    </Alert>
  );
}
