import type { SearchFacets, SearchResults, SectorFacet } from '../../shared/api/schemas';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';

/**
 * The data service's search cannot filter by sector or ISIC section, and its search rows do not
 * carry them; the dataset documents do. A sector index is derived from a release's documents,
 * which the proxy reads once per release and system model from free calls
 * (`release-data/`): release data never changes.
 */

interface DatasetSectors {
  sectors: readonly string[];
  /** Null when the service gave the dataset none. */
  isicSection: string | null;
}

export interface SectorIndex {
  /** Datasets indexed. */
  size: number;
  /** A dataset's sectors and ISIC section; undefined for a dataset the release does not have. */
  lookup(id: number): DatasetSectors | undefined;
  sectors: SectorFacet[];
  isicSections: SectorFacet[];
}

/** Where a number is in a sorted list, or -1. */
function position(sorted: Int32Array, id: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle] ?? 0;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * The sectors and ISIC sections of a release's documents, each counted once per dataset. Kept
 * compact, so every release indexed stays indexed whatever else is read: a sorted array of IDs
 * and, for each, which of the release's few hundred distinct sector combinations it has (about
 * 200 kB for a release of 22 000 datasets, against 11 MB for its documents).
 */
export function sectorIndexOf(
  docs: readonly Pick<DatasetDoc, 'id' | 'sectors' | 'isic_section'>[],
): SectorIndex {
  const byId = new Map<number, Pick<DatasetDoc, 'sectors' | 'isic_section'>>();
  for (const doc of docs) byId.set(doc.id, doc);
  const ids = Int32Array.from(byId.keys()).sort();
  const combos: DatasetSectors[] = [];
  const comboIndex = new Map<string, number>();
  const comboOf = new Uint32Array(ids.length);
  const sectorCounts = new Map<string, number>();
  const sectionCounts = new Map<string, number>();
  ids.forEach((id, i) => {
    const doc = byId.get(id);
    if (!doc) return;
    const sectors = [...new Set(doc.sectors)];
    const name = JSON.stringify([doc.isic_section, sectors]);
    let combo = comboIndex.get(name);
    if (combo === undefined) {
      combo = combos.push({ sectors, isicSection: doc.isic_section }) - 1;
      comboIndex.set(name, combo);
    }
    comboOf[i] = combo;
    count(sectors, sectorCounts);
    if (doc.isic_section !== null) count([doc.isic_section], sectionCounts);
  });
  return {
    size: ids.length,
    lookup: (id) => {
      const at = position(ids, id);
      return at < 0 ? undefined : combos[comboOf[at] ?? 0];
    },
    sectors: facets(sectorCounts),
    isicSections: facets(sectionCounts),
  };
}

function count(names: Iterable<string>, counts: Map<string, number>) {
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
}

function facets(counts: Map<string, number>): SectorFacet[] {
  return [...counts]
    .map(([name, n]) => ({ name, datasets: n }))
    .sort((a, b) => a.name.localeCompare(b.name));
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
    const entry = index.lookup(id);
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

/**
 * The sectors and ISIC sections of search results, each counted once per dataset and narrowed
 * by the other one's filter: the sectors within the chosen ISIC section, the sections within the
 * chosen sector.
 */
export function facetsOf(
  results: SearchResults['results'],
  index: SectorIndex,
  filter: SectorFilter,
): SearchFacets {
  const ids = new Set(
    results.flatMap((activity) =>
      activity.products.flatMap((product) => product.datasets.map((dataset) => dataset.id)),
    ),
  );
  const sectorCounts = new Map<string, number>();
  const sectionCounts = new Map<string, number>();
  for (const id of ids) {
    const entry = index.lookup(id);
    if (!entry) continue;
    if (filter.isicSection === undefined || entry.isicSection === filter.isicSection)
      count(new Set(entry.sectors), sectorCounts);
    if (
      entry.isicSection !== null &&
      (filter.sector === undefined || entry.sectors.includes(filter.sector))
    )
      count([entry.isicSection], sectionCounts);
  }
  return { sectors: facets(sectorCounts), isic_sections: facets(sectionCounts) };
}
