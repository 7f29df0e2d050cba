/** Href builders: every link in the explorer is made here, so routes change in one place. */
export const paths = {
  home: () => '/',
  callback: () => '/callback',
  releases: () => '/releases',
  release: (version: string, systemModel: string) =>
    `/${encodeURIComponent(version)}/${encodeURIComponent(systemModel)}`,
} as const;

/** The same page in another release: `/3.11/cutoff/x` → `/3.12/apos/x`. */
export function switchRelease(pathname: string, version: string, systemModel: string): string {
  const [, , , ...rest] = pathname.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `${paths.release(version, systemModel)}${tail}`;
}
