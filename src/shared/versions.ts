import { z } from 'zod/mini';

/** The system models the data service is known to offer, with the names people read. */
export const SYSTEM_MODELS = {
  cutoff: 'Allocation cut-off by classification',
  apos: 'Allocation at the point of substitution',
  consequential: 'Substitution, consequential, long-term',
  EN15804: 'Allocation, cut-off, EN15804',
} as const;

type KnownSystemModel = keyof typeof SYSTEM_MODELS;

/**
 * A release as the explorer, the proxy and its programs name it: a version and one of its system
 * models. The data service charges, caches and answers each pair separately.
 */
export interface ReleaseRef {
  version: string;
  systemModel: string;
}

/**
 * `3.12/cutoff`: a release as one string, wherever a release keys something (the bill, scores
 * held, a compare column, a list's key). The one spelling: a version never holds a `/`.
 */
export const releaseKey = (release: ReleaseRef) => `${release.version}/${release.systemModel}`;

/** A release as the proxy's API and the data service name it in a query: `version`, `system_model`. */
export const releaseWire = (release: ReleaseRef) => ({
  version: release.version,
  system_model: release.systemModel,
});

export const DEFAULT_SYSTEM_MODEL = 'cutoff';
export const LATEST = 'latest';

/** A version or system-model segment as it may appear in a URL or an upstream query. */
export const ReleaseSegmentSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/,
      'must be letters, digits, dots, dashes or underscores',
    ),
  );

/** Orders release names numerically part by part, so 3.10 comes after 3.9; suffixes sort after. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = Number(x);
    const ny = Number(y);
    const bothNumbers = Number.isInteger(nx) && Number.isInteger(ny);
    const diff = bothNumbers ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** A release as `/versions` lists it: a version and the system models it comes in. */
interface ListedRelease {
  version: string;
  system_models: readonly string[];
}

/**
 * The listed versions that come in this system model, newest first by `compareVersions`,
 * whatever order the listing is in: the SPA and the proxy order releases this one way.
 */
export function versionsWith(releases: readonly ListedRelease[], systemModel: string): string[] {
  return releases
    .filter((entry) => entry.system_models.includes(systemModel))
    .map((entry) => entry.version)
    .sort((a, b) => compareVersions(b, a));
}

/**
 * The release before this one: the newest listed version older than it in the same system
 * model, or undefined for the oldest. What a comparison defaults to, in the SPA's pages and in
 * the proxy's `/api/changes` alike.
 */
export function releaseBefore(
  releases: readonly ListedRelease[],
  release: ReleaseRef,
): ReleaseRef | undefined {
  const version = versionsWith(releases, release.systemModel).find(
    (listed) => compareVersions(listed, release.version) < 0,
  );
  return version === undefined ? undefined : { version, systemModel: release.systemModel };
}

export function systemModelLabel(systemModel: string): string {
  return systemModel in SYSTEM_MODELS
    ? SYSTEM_MODELS[systemModel as KnownSystemModel]
    : systemModel;
}
