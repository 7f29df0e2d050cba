import { useQuery } from '@tanstack/react-query';
import type { ReleaseRef } from '../../../config/routes';
import type { AnswerOf } from '../../../../shared/api/routes';
import { versionQueries } from './get-versions';

const NONE: ReleaseRef[] = [];

/** One entry per version and system model. A module function, so React Query keeps its result. */
function releasesOf(versions: AnswerOf<'versions'>): ReleaseRef[] {
  return versions.releases.flatMap((entry) =>
    entry.system_models.map((systemModel) => ({ version: entry.version, systemModel })),
  );
}

/**
 * The licence's releases, one per version and system model, newest first: the same array from
 * render to render while the answer is, so a memoised component given it is not drawn again.
 */
export function useLicensed(): ReleaseRef[] {
  return useQuery({ ...versionQueries.all(), select: releasesOf }).data ?? NONE;
}
