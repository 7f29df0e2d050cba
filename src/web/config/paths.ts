import {
  patterns,
  releasePath,
  searches,
  type CompareLinkSearch,
  type LinkSearch,
  type ReleaseRef,
} from './routes';

export { switchRelease } from './routes';

/**
 * Href builders: every link in the explorer is made here, each writing its route's search with
 * the schema that route reads it with (routes.ts), so a link and its page cannot disagree.
 */
export const paths = {
  home: () => '/',
  callback: () => `/${patterns.callback}`,
  releases: () => `/${patterns.releases}`,
  usage: (search: LinkSearch<'usage'> = {}) => `/${patterns.usage}${searches.usage.format(search)}`,
  /** How scripts and notebooks use the API. */
  apiAccess: () => `/${patterns.apiAccess}`,
  release: (release: ReleaseRef, search: LinkSearch<'overview'> = {}) =>
    `${releasePath(release)}${searches.overview.format(search)}`,
  indicators: (release: ReleaseRef, search: LinkSearch<'indicators'> = {}) =>
    `${releasePath(release)}/${patterns.indicators}${searches.indicators.format(search)}`,
  datasets: (release: ReleaseRef, search: LinkSearch<'datasets'> = {}) =>
    `${releasePath(release)}/${patterns.datasets}${searches.datasets.format(search)}`,
  dataset: (release: ReleaseRef, id: number, search: LinkSearch<'dataset'> = {}) =>
    `${releasePath(release)}/datasets/${id}${searches.dataset.format(search)}`,
  compare: (release: ReleaseRef, search: CompareLinkSearch = {}) =>
    // Numbers and columns alike are written by the compare search's own writer (compare-link.ts).
    `${releasePath(release)}/${patterns.compare}${searches.compare.format(search as LinkSearch<'compare'>)}`,
  lookup: (release: ReleaseRef, key: string, search: LinkSearch<'lookup'> = {}) =>
    `${releasePath(release)}/lookup/${encodeURIComponent(key)}${searches.lookup.format(search)}`,
  /** One dataset in every release of the system model. */
  history: (release: ReleaseRef, id: number, search: LinkSearch<'history'> = {}) =>
    `${releasePath(release)}/datasets/${id}/history${searches.history.format(search)}`,
  /** What changed in this release since `from` (by default the release before). */
  changes: (release: ReleaseRef, search: LinkSearch<'changes'> = {}) =>
    `${releasePath(release)}/${patterns.changes}${searches.changes.format(search)}`,
  /** A list of datasets checked against this release. */
  upgrade: (release: ReleaseRef, search: LinkSearch<'upgrade'> = {}) =>
    `${releasePath(release)}/${patterns.upgrade}${searches.upgrade.format(search)}`,
} as const;
