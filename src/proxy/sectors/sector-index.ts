import type { DatasetPage, SearchResults, SectorFacet, Sectors } from '../../shared/api/schemas';

/**
 * The data service's search cannot filter by sector or ISIC section, and its search rows do not
 * carry them; the dataset documents do. A sector index lists a release's datasets through the
 * search (free) and reads their documents through the batch route without indicators (free, so
 * nothing is charged), once per release and system model: release data never changes.
 */

export interface DatasetSectors {
  sectors: readonly string[];
  /** Null when the service gave the dataset none. */
  isicSection: string | null;
}

export interface SectorIndex {
  datasets: ReadonlyMap<number, DatasetSectors>;
  sectors: SectorFacet[];
  isicSections: SectorFacet[];
}

/** What an index is built from: pages of the data service's answers. */
export interface SectorSource {
  /** A page of search results with no query: every activity of the release, `PAGE_SIZE` at a time. */
  searchPage(from: number): Promise<SearchResults>;
  /** The documents of up to `PAGE_SIZE` datasets, without scores. */
  documents(ids: number[]): Promise<DatasetPage>;
}

export const PAGE_SIZE = 100;
/** Upstream calls in flight at once while building, so an index never floods the service. */
const CONCURRENCY = 4;
/** Search pages read at most, whether listing a release or answering one filtered search. */
export const MAX_SEARCH_PAGES = 100;

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every result of a search, read page by page (at most `MAX_SEARCH_PAGES` pages). */
export async function allSearchResults(
  searchPage: (from: number) => Promise<SearchResults>,
): Promise<SearchResults['results']> {
  const first = await searchPage(0);
  const pages = Math.min(MAX_SEARCH_PAGES, Math.ceil(first.total / PAGE_SIZE));
  const rest = await mapLimit(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => (i + 1) * PAGE_SIZE),
    CONCURRENCY,
    searchPage,
  );
  return [first, ...rest].flatMap((page) => page.results);
}

export async function buildSectorIndex(
  source: SectorSource,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<SectorIndex> {
  const ids = [
    ...new Set(
      (await allSearchResults((from) => source.searchPage(from))).flatMap((activity) =>
        activity.products.flatMap((product) => product.datasets.map((dataset) => dataset.id)),
      ),
    ),
  ];
  progress(0, ids.length);

  // Sector names repeat across thousands of datasets: keep one copy of each.
  const names = new Map<string, string>();
  const intern = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
  const datasets = new Map<number, DatasetSectors>();
  const chunks = Array.from({ length: Math.ceil(ids.length / PAGE_SIZE) }, (_, i) =>
    ids.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE),
  );
  let done = 0;
  await mapLimit(chunks, CONCURRENCY, async (chunk) => {
    const answer = await source.documents(chunk);
    for (const dataset of answer.datasets) {
      datasets.set(dataset.id, {
        sectors: dataset.sectors.map(intern),
        isicSection: dataset.isic_section === null ? null : intern(dataset.isic_section),
      });
    }
    done += chunk.length;
    progress(done, ids.length);
  });

  const count = (names: Iterable<string>, counts: Map<string, number>) => {
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const sectorCounts = new Map<string, number>();
  const sectionCounts = new Map<string, number>();
  for (const entry of datasets.values()) {
    count(new Set(entry.sectors), sectorCounts);
    if (entry.isicSection !== null) count([entry.isicSection], sectionCounts);
  }
  const facets = (counts: Map<string, number>): SectorFacet[] =>
    [...counts]
      .map(([name, n]) => ({ name, datasets: n }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return { datasets, sectors: facets(sectorCounts), isicSections: facets(sectionCounts) };
}

export interface SectorFilter {
  sector?: string | undefined;
  isicSection?: string | undefined;
}

/** Search results keeping only datasets in the sector and ISIC section; emptied rows go. */
export function filterBySector(
  results: SearchResults['results'],
  index: SectorIndex,
  filter: SectorFilter,
): SearchResults['results'] {
  const keep = (id: number) => {
    const entry = index.datasets.get(id);
    if (!entry) return false;
    return (
      (filter.sector === undefined || entry.sectors.includes(filter.sector)) &&
      (filter.isicSection === undefined || entry.isicSection === filter.isicSection)
    );
  };
  return results.flatMap((activity) => {
    const products = activity.products.flatMap((product) => {
      const datasets = product.datasets.filter((dataset) => keep(dataset.id));
      return datasets.length > 0 ? [{ ...product, datasets }] : [];
    });
    return products.length > 0 ? [{ ...activity, products }] : [];
  });
}

interface Entry {
  promise: Promise<SectorIndex>;
  index?: SectorIndex;
  error?: Error;
  done: number;
  total: number;
}

/**
 * One index per release and system model, built once (however many ask at once, whoever they
 * are) and kept; at most `max` ready ones, the least recently used going first. A build under
 * way is never dropped (dropping it left it running while the next request started another),
 * and at most `maxBuilds` run at once, the others waiting their turn. A failed build is reported
 * once, then the next request starts it again.
 */
export class SectorIndexes<Context> {
  private readonly entries = new Map<string, Entry>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** `build` gets the context of the request that found no index, e.g. who asked. */
  constructor(
    private readonly build: (
      release: string,
      context: Context,
      progress: (done: number, total: number) => void,
    ) => Promise<SectorIndex>,
    private readonly max = 6,
    private readonly maxBuilds = 2,
  ) {}

  /** Runs `start` now if fewer than `maxBuilds` run, else when one ends. */
  private async turn<T>(start: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxBuilds)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await start();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Whether a release has an index, ready or under way. */
  has(release: string): boolean {
    const entry = this.entries.get(release);
    return entry !== undefined && entry.error === undefined;
  }

  /** The sector and ISIC section names of every ready index, and how many are ready. */
  knownNames() {
    const names = { ready: 0, sectors: new Set<string>(), isicSections: new Set<string>() };
    for (const { index } of this.entries.values()) {
      if (!index) continue;
      names.ready++;
      for (const facet of index.sectors) names.sectors.add(facet.name);
      for (const facet of index.isicSections) names.isicSections.add(facet.name);
    }
    return names;
  }

  private entry(release: string, context: Context): Entry {
    let entry = this.entries.get(release);
    if (entry) {
      this.entries.delete(release);
      this.entries.set(release, entry);
      if (entry.error !== undefined) {
        this.entries.delete(release);
        throw entry.error;
      }
      return entry;
    }
    const created: Entry = { done: 0, total: 0, promise: Promise.resolve(undefined as never) };
    created.promise = this.turn(() =>
      this.build(release, context, (done, total) => {
        created.done = done;
        created.total = total;
      }),
    ).then(
      (index) => {
        created.index = index;
        this.evict();
        return index;
      },
      (error: unknown) => {
        created.error = error instanceof Error ? error : new Error(String(error));
        throw error;
      },
    );
    // Whoever waits sees the failure; an index nobody waits for must not crash the process.
    created.promise.catch(() => undefined);
    entry = created;
    this.entries.set(release, entry);
    return entry;
  }

  /** Drops the least recently used ready indexes past `max`; builds under way stay. */
  private evict() {
    let ready = [...this.entries.values()].filter((entry) => entry.index !== undefined).length;
    for (const [key, entry] of this.entries) {
      if (ready <= this.max) break;
      if (entry.index === undefined) continue;
      this.entries.delete(key);
      ready--;
    }
  }

  /** The index's facets when ready, else how far its build has got (and it is started). */
  status(release: string, context: Context): Sectors {
    const entry = this.entry(release, context);
    if (!entry.index) return { status: 'building', done: entry.done, total: entry.total };
    return {
      status: 'ready',
      datasets: entry.index.datasets.size,
      sectors: entry.index.sectors,
      isic_sections: entry.index.isicSections,
    };
  }

  /** The index if it is ready; otherwise undefined, and its build is under way. */
  ready(release: string, context: Context): SectorIndex | undefined {
    return this.entry(release, context).index;
  }
}
