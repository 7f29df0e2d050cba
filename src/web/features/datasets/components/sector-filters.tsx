import { Progress, Select, Stack, Text } from '@mantine/core';
import type { Sectors } from '../../../../shared/api/schemas';
import { formatCount } from '../../../lib/format';

interface SectorFiltersProps {
  sectors: Sectors | undefined;
  sector: string | undefined;
  isicSection: string | undefined;
  onChange: (changes: { sector?: string | undefined; isic?: string | undefined }) => void;
  /** A picker was opened: the release's sectors are wanted (and indexed, if they are not yet). */
  onOpen: () => void;
}

const options = (facets: { name: string; datasets: number }[], chosen: string | undefined) => {
  const data = facets.map((facet) => ({
    value: facet.name,
    label: `${facet.name} (${formatCount(facet.datasets)})`,
  }));
  // A value from a shared link that this release does not know stays visible, and removable.
  if (chosen && !facets.some((facet) => facet.name === chosen))
    data.push({ value: chosen, label: `${chosen} (none in this release)` });
  return data;
};

function indexingMessage(sectors: Sectors | undefined): string {
  if (sectors?.status === 'building' && sectors.total > 0)
    return `Indexing this release: ${formatCount(sectors.done)} of ${formatCount(sectors.total)} datasets…`;
  return 'Indexing this release…';
}

/**
 * Sector and ISIC section pickers. The proxy indexes a release's sectors only when someone first
 * opens one (the data service cannot filter by sector, and the index costs a few hundred calls),
 * so until it is ready an opened picker says how far indexing has got.
 */
export function SectorFilters({
  sectors,
  sector,
  isicSection,
  onChange,
  onOpen,
}: SectorFiltersProps) {
  const ready = sectors?.status === 'ready' ? sectors : undefined;
  const nothingFound = ready ? 'No match' : indexingMessage(sectors);
  return (
    <>
      <Select
        label="Sector"
        placeholder="Any"
        searchable
        clearable
        data={options(ready?.sectors ?? [], sector)}
        value={sector ?? null}
        onChange={(value) => onChange({ sector: value ?? undefined })}
        onDropdownOpen={onOpen}
        nothingFoundMessage={nothingFound}
        w={220}
      />
      <Select
        label="ISIC section"
        placeholder="Any"
        searchable
        clearable
        data={options(ready?.isic_sections ?? [], isicSection)}
        value={isicSection ?? null}
        onChange={(value) => onChange({ isic: value ?? undefined })}
        onDropdownOpen={onOpen}
        nothingFoundMessage={nothingFound}
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
