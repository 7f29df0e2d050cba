import type { VersionEntry } from '../../../shared/api/schemas';
import { compareVersions } from '../../../shared/versions';

/** The licence's versions that have this system model, newest first. */
export function versionsWith(releases: readonly VersionEntry[], systemModel: string): string[] {
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
  releases: readonly VersionEntry[],
  release: { version: string; systemModel: string },
): string | undefined {
  return versionsWith(releases, release.systemModel).find(
    (version) => compareVersions(version, release.version) < 0,
  );
}

/**
 * The release a cross-release page compares with: the one in the link, else the one just before.
 * `others` are the licence's other releases of the system model; `from` is usable only if among
 * them.
 */
export function comparedRelease(
  releases: readonly VersionEntry[],
  release: { version: string; systemModel: string },
  chosen: string | undefined,
):
  | { others: string[]; from: string; usable: true }
  | { others: string[]; from: string | undefined; usable: false } {
  const others = versionsWith(releases, release.systemModel).filter(
    (other) => other !== release.version,
  );
  const from = chosen ?? versionBefore(releases, release);
  return from !== undefined && others.includes(from)
    ? { others, from, usable: true }
    : { others, from, usable: false };
}
