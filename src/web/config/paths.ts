/** Href builders: every link in the explorer is made here, so routes change in one place. */
type Search = Record<string, string | number | readonly number[] | undefined>;

function withSearch(path: string, search: Search = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') params.set(key, text);
  }
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `${path}?${query}` : path;
}

const release = (version: string, systemModel: string) =>
  `/${encodeURIComponent(version)}/${encodeURIComponent(systemModel)}`;

export const paths = {
  home: () => '/',
  callback: () => '/callback',
  releases: () => '/releases',
  usage: () => '/usage',
  release,
  indicators: (
    version: string,
    systemModel: string,
    search?: { q?: string; ind?: readonly number[]; view?: string },
  ) => withSearch(`${release(version, systemModel)}/indicators`, search),
  datasets: (
    version: string,
    systemModel: string,
    search?: {
      q?: string;
      geography?: string;
      type?: string;
      sector?: string;
      isic?: string;
      page?: number;
      size?: number;
      ind?: readonly number[];
    },
  ) => withSearch(`${release(version, systemModel)}/datasets`, search),
  dataset: (
    version: string,
    systemModel: string,
    id: number,
    search?: { ind?: readonly number[] },
  ) => withSearch(`${release(version, systemModel)}/datasets/${id}`, search),
  compare: (
    version: string,
    systemModel: string,
    search?: { ds?: readonly number[]; ind?: readonly number[]; mode?: string; theme?: string },
  ) => withSearch(`${release(version, systemModel)}/compare`, search),
  lookup: (version: string, systemModel: string, key: string) =>
    `${release(version, systemModel)}/lookup/${encodeURIComponent(key)}`,
} as const;

/** The same page in another release: `/3.11/cutoff/x` → `/3.12/apos/x`. */
export function switchRelease(pathname: string, version: string, systemModel: string): string {
  const [, , , ...rest] = pathname.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `${release(version, systemModel)}${tail}`;
}
