/** Path patterns as the router registers them; pages below a release are relative to it. */
export const patterns = {
  releases: 'releases',
  usage: 'usage',
  apiAccess: 'api-access',
  callback: 'callback',
  release: ':version/:systemModel',
  indicators: 'indicators',
  datasets: 'datasets',
  dataset: 'datasets/:id',
  compare: 'compare',
  lookup: 'lookup/:key',
  history: 'datasets/:id/history',
  changes: 'changes',
  upgrade: 'upgrade',
} as const;

/**
 * Each page's module under `src/web/app/routes/`, by its whole path pattern as the router
 * matches it (the router's table in `app/router.tsx` loads the same modules; a test holds the
 * two together). Small on purpose: the first script reads it to fetch a page's code early.
 */
export const pageModules: readonly (readonly [pattern: string, module: string])[] = [
  [patterns.usage, 'usage'],
  [patterns.apiAccess, 'api-access'],
  [patterns.releases, 'releases'],
  [patterns.release, 'release-overview'],
  [`${patterns.release}/${patterns.indicators}`, 'indicators'],
  [`${patterns.release}/${patterns.datasets}`, 'datasets'],
  [`${patterns.release}/${patterns.dataset}`, 'dataset'],
  [`${patterns.release}/${patterns.history}`, 'dataset-history'],
  [`${patterns.release}/${patterns.compare}`, 'compare'],
  [`${patterns.release}/${patterns.lookup}`, 'lookup'],
  [`${patterns.release}/${patterns.changes}`, 'changes'],
  [`${patterns.release}/${patterns.upgrade}`, 'upgrade'],
];

/** The page module a path shows, by the patterns above; undefined for any other path. */
export function pageModuleOf(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const matches = (pattern: string) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  };
  // Named pages before a release's parameters, as the router ranks them.
  const found =
    pageModules.find(([pattern]) => !pattern.startsWith(':') && matches(pattern)) ??
    pageModules.find(([pattern]) => matches(pattern));
  return found?.[1];
}
