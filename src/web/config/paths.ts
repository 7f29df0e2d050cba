import { patterns, releasePath, searches, type Release, type SearchInput } from './routes';

export { switchRelease } from './routes';

/**
 * Href builders: every link in the explorer is made here, each writing its route's search with
 * the schema that route reads it with (routes.ts), so a link and its page cannot disagree.
 */
export const paths = {
  home: () => '/',
  callback: () => `/${patterns.callback}`,
  releases: () => `/${patterns.releases}`,
  usage: (search: SearchInput<'usage'> = {}) =>
    `/${patterns.usage}${searches.usage.format(search)}`,
  /** How scripts and notebooks use the API. */
  apiAccess: () => `/${patterns.apiAccess}`,
  release: (release: Release, search: SearchInput<'overview'> = {}) =>
    `${releasePath(release)}${searches.overview.format(search)}`,
  indicators: (release: Release, search: SearchInput<'indicators'> = {}) =>
    `${releasePath(release)}/${patterns.indicators}${searches.indicators.format(search)}`,
  datasets: (release: Release, search: SearchInput<'datasets'> = {}) =>
    `${releasePath(release)}/${patterns.datasets}${searches.datasets.format(search)}`,
  dataset: (release: Release, id: number, search: SearchInput<'dataset'> = {}) =>
    `${releasePath(release)}/datasets/${id}${searches.dataset.format(search)}`,
  compare: (release: Release, search: SearchInput<'compare'> = {}) =>
    `${releasePath(release)}/${patterns.compare}${searches.compare.format(search)}`,
  lookup: (release: Release, key: string, search: SearchInput<'lookup'> = {}) =>
    `${releasePath(release)}/lookup/${encodeURIComponent(key)}${searches.lookup.format(search)}`,
  /** One dataset in every release of the system model. */
  history: (release: Release, id: number, search: SearchInput<'history'> = {}) =>
    `${releasePath(release)}/datasets/${id}/history${searches.history.format(search)}`,
  /** What changed in this release since `from` (by default the release before). */
  changes: (release: Release, search: SearchInput<'changes'> = {}) =>
    `${releasePath(release)}/${patterns.changes}${searches.changes.format(search)}`,
  /** A list of datasets checked against this release. */
  upgrade: (release: Release, search: SearchInput<'upgrade'> = {}) =>
    `${releasePath(release)}/${patterns.upgrade}${searches.upgrade.format(search)}`,
} as const;
