import type { VersionEntry } from '../../../shared/api/schemas';
import { releaseBefore, versionsWith } from '../../../shared/versions';

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
  // The release before is decided in src/shared/versions.ts, as the proxy decides it.
  const from = chosen ?? releaseBefore(releases, release)?.version;
  return from !== undefined && others.includes(from)
    ? { others, from, usable: true }
    : { others, from, usable: false };
}
