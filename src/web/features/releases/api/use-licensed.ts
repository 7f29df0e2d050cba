import { useQuery } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import { versionQueries } from './get-versions';

/** The licence's releases, one per version and system model, newest first. */
export function useLicensed(): ReleaseRef[] {
  const versions = useQuery(versionQueries.all());
  return (versions.data?.releases ?? []).flatMap((entry) =>
    entry.system_models.map((systemModel) => ({ version: entry.version, systemModel })),
  );
}
