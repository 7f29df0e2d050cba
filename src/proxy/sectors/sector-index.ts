import type { SearchFacets, SearchResults, SectorFacet } from '../../shared/api/schemas';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';

/**
 * The data service's search cannot filter by sector or ISIC section, and its search rows do not
 * carry them; the dataset documents do. A sector index is derived from a release's documents,
 * which the proxy reads once per release and system model from free calls
 * (`release-data/`): release data never changes.
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

/** The sectors and ISIC sections of a release's documents, each counted once per dataset. */
export function sectorIndexOf(
  docs: readonly Pick<DatasetDoc, 'id' | 'sectors' | 'isic_section'>[],
): SectorIndex {
  const datasets = new Map<number, DatasetSectors>();
  for (const doc of docs)
    datasets.set(doc.id, { sectors: doc.sectors, isicSection: doc.isic_section });
  const sectorCounts = new Map<string, number>();
  const sectionCounts = new Map<string, number>();
  for (const entry of datasets.values()) {
    count(new Set(entry.sectors), sectorCounts);
    if (entry.isicSection !== null) count([entry.isicSection], sectionCounts);
  }
  return { datasets, sectors: facets(sectorCounts), isicSections: facets(sectionCounts) };
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
    const entry = index.datasets.get(id);
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
