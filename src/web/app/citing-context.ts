import { useQuery } from '@tanstack/react-query';
import { configQueries } from '../features/auth/api/get-config';
import { versionQueries } from '../features/releases/api/get-versions';

/**
 * What "Cite this" and a static report need besides the page's own data: each release's date
 * (a citation's year) and the licence holder a report names as whose calculated data it is.
 * Both come from answers every page already has (`/api/versions`, `/api/config`): free.
 */
export interface CitingContext {
  /** A release's date as the service gives it, null where it gives none. */
  releaseDate: (version: string) => string | null;
  /** The organisation holding the licence; null when the operator named none. */
  licenceHolder: string | null;
}

export function useCitingContext(): CitingContext {
  const config = useQuery(configQueries.public());
  const versions = useQuery(versionQueries.all());
  const releases = versions.data?.releases ?? [];
  return {
    releaseDate: (version) =>
      releases.find((entry) => entry.version === version)?.release_date ?? null,
    licenceHolder: config.data?.licence.holder ?? null,
  };
}
