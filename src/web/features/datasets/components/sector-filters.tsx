import { Progress, Select, Stack, Text } from '@mantine/core';
import type { SearchFacets, Sectors, SectorFacet } from '../../../../shared/api/schemas';
import { formatCount } from '../../../lib/format';

interface SectorFiltersProps {
  sectors: Sectors | undefined;
  /** The current sector search's own counts; without them, the release's are shown. */
  facets?: SearchFacets | undefined;
  sector: string | undefined;
  isicSection: string | undefined;
  onChange: (changes: { sector?: string | undefined; isic?: string | undefined }) => void;
  /** A picker was opened: the release's sectors are wanted (and indexed, if they are not yet). */
  onOpen: () => void;
}

type Scope = 'release' | 'results';
const SCOPE = {
  release: { group: 'Datasets in this release', none: 'none in this release' },
  results: { group: 'Datasets in these results', none: 'none in these results' },
} as const;

/** A picker's choices, under a heading that says what the counts count. */
const options = (facets: readonly SectorFacet[], chosen: string | undefined, scope: Scope) => {
  const items = facets.map((facet) => ({
    value: facet.name,
    label: `${facet.name} (${formatCount(facet.datasets)})`,
  }));
  // A value from a shared link that the counts lack stays visible, and removable.
  if (chosen && !facets.some((facet) => facet.name === chosen))
    items.push({ value: chosen, label: `${chosen} (${SCOPE[scope].none})` });
  return items.length > 0 ? [{ group: SCOPE[scope].group, items }] : [];
};

function indexingMessage(sectors: Sectors | undefined): string {
  if (sectors?.status === 'building' && sectors.total > 0)
    return `Indexing this release: ${formatCount(sectors.done)} of ${formatCount(sectors.total)} datasets…`;
  return 'Indexing this release…';
}

/**
 * Sector and ISIC section pickers. The proxy indexes a release's sectors only when someone first
 * opens one (the data service cannot filter by sector, and the index costs a few hundred calls),
 * so until it is ready an opened picker says how far indexing has got. Once a search is filtered
 * by either, each picker counts that search's results, narrowed by the other picker's choice.
 */
export function SectorFilters({
  sectors,
  facets,
  sector,
  isicSection,
  onChange,
  onOpen,
}: SectorFiltersProps) {
  const ready = sectors?.status === 'ready' ? sectors : undefined;
  const scope: Scope = facets ? 'results' : 'release';
  // An empty list says why: still indexing, none there at all, or none like what was typed.
  const nothingFound = (list: readonly SectorFacet[]) => {
    if (!ready) return indexingMessage(sectors);
    const none = SCOPE[scope].none;
    return list.length === 0 ? `${none.charAt(0).toUpperCase()}${none.slice(1)}` : 'No match';
  };
  const counts = facets ?? {
    sectors: ready?.sectors ?? [],
    isic_sections: ready?.isic_sections ?? [],
  };
  return (
    <>
      <Select
        label="Sector"
        placeholder="Any"
        searchable
        clearable
        data={options(counts.sectors, sector, scope)}
        value={sector ?? null}
        onChange={(value) => onChange({ sector: value ?? undefined })}
        onDropdownOpen={onOpen}
        nothingFoundMessage={nothingFound(counts.sectors)}
        w={220}
      />
      <Select
        label="ISIC section"
        placeholder="Any"
        searchable
        clearable
        data={options(counts.isic_sections, isicSection, scope)}
        value={isicSection ?? null}
        onChange={(value) => onChange({ isic: value ?? undefined })}
        onDropdownOpen={onOpen}
        nothingFoundMessage={nothingFound(counts.isic_sections)}
        w={260}
        comboboxProps={{ width: 360, position: 'bottom-start' }}
      />
    </>
  );
}

/** What a sector search waits for the first time a release is filtered by sector. */
export function SectorIndexProgress({ sectors }: { sectors: Sectors | undefined }) {
  const building = sectors?.status === 'building' ? sectors : undefined;
  const share =
    building && building.total > 0 ? Math.round((100 * building.done) / building.total) : 0;
  return (
    <Stack gap="xs" maw={520}>
      <Text>
        The data service cannot filter by sector, so the explorer indexes this release’s datasets
        first (once for everyone, free of charge).
      </Text>
      <Progress value={share} aria-label="Sector index progress" animated={share === 0} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {building && building.total > 0
          ? `${formatCount(building.done)} of ${formatCount(building.total)} datasets indexed`
          : 'Listing the release’s datasets…'}
      </Text>
    </Stack>
  );
}
