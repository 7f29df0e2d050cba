import { Progress, Select, Stack, Text } from '@mantine/core';
import type { Sectors } from '../../../../shared/proxy-api';
import { formatCount } from '../../../lib/format';

interface SectorFiltersProps {
  sectors: Sectors | undefined;
  sector: string | undefined;
  isicSection: string | undefined;
  onChange: (changes: { sector?: string | undefined; isic?: string | undefined }) => void;
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

/** Sector and ISIC section pickers, disabled until the proxy has indexed the release. */
export function SectorFilters({ sectors, sector, isicSection, onChange }: SectorFiltersProps) {
  const ready = sectors?.status === 'ready' ? sectors : undefined;
  const waiting = ready ? undefined : 'Indexing this release…';
  return (
    <>
      <Select
        label="Sector"
        placeholder={waiting ?? 'Any'}
        searchable
        clearable
        disabled={!ready}
        data={options(ready?.sectors ?? [], sector)}
        value={sector ?? null}
        onChange={(value) => onChange({ sector: value ?? undefined })}
        w={220}
      />
      <Select
        label="ISIC section"
        placeholder={waiting ?? 'Any'}
        searchable
        clearable
        disabled={!ready}
        data={options(ready?.isic_sections ?? [], isicSection)}
        value={isicSection ?? null}
        onChange={(value) => onChange({ isic: value ?? undefined })}
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
