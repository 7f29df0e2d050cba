import type { Release as Licensed } from '../../../shared/api/schemas';
import { compareVersions } from '../../../shared/versions';

/** The licence's versions that have this system model, newest first. */
export function versionsWith(releases: readonly Licensed[], systemModel: string): string[] {
  return releases
    .filter((entry) => entry.system_models.includes(systemModel))
    .map((entry) => entry.version)
    .sort((a, b) => compareVersions(b, a));
}

/**
 * The release a page compares this one with when none is chosen: the licence's release just
 * before it in the same system model, or undefined for the oldest.
 */
export function versionBefore(
  releases: readonly Licensed[],
  release: { version: string; systemModel: string },
): string | undefined {
  return versionsWith(releases, release.systemModel).find(
    (version) => compareVersions(version, release.version) < 0,
  );
}
