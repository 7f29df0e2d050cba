import { Button, Group, Select, TextInput } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import {
  ACTIVITY_TYPE_FILTERS,
  type ActivityTypeFilter,
  type SearchFacets,
  type Sectors,
} from '../../../../shared/api/schemas';
import type { LinkSearch } from '../../../config/routes';
import type { DatasetSearch } from '../search';
import { GeographyInput } from './geography-input';
import { SectorFilters } from './sector-filters';

const TYPE_LABELS: Record<ActivityTypeFilter, string> = {
  MARKET_ACTIVITY: 'Market activity',
  MARKET_GROUP: 'Market group',
  TRANSFORMING_ACTIVITY: 'Transforming activity',
};
const SIZES = ['10', '20', '50', '100'];

export interface SearchDraft {
  query: string;
  geography: string;
}

/** The search's words, geography, activity type, sectors and page size. */
export function SearchForm({
  search,
  update,
  draft,
  setDraft,
  seen,
  onSubmit,
  sectorFilters,
  sectors,
  facets,
  onOpenSectors,
}: {
  search: DatasetSearch;
  update: (changes: LinkSearch<'datasets'>) => void;
  draft: SearchDraft;
  setDraft: (draft: SearchDraft) => void;
  /** Geographies of the results shown, offered first. */
  seen: readonly string[];
  onSubmit: (event: SyntheticEvent) => void;
  /** Whether the operator left the sector index on. */
  sectorFilters: boolean;
  sectors: Sectors | undefined;
  facets: SearchFacets | undefined;
  onOpenSectors: () => void;
}) {
  return (
    <form onSubmit={onSubmit} role="search" aria-label="Dataset search">
      <Group align="end" gap="sm">
        <TextInput
          label="Search"
          placeholder="market for electricity, high voltage"
          value={draft.query}
          onChange={(event) => setDraft({ ...draft, query: event.currentTarget.value })}
          style={{ flex: 2, minWidth: 220 }}
        />
        <GeographyInput
          value={draft.geography}
          onChange={(geography) => setDraft({ ...draft, geography })}
          seen={seen}
        />
        <Select
          label="Activity type"
          placeholder="Any"
          clearable
          data={ACTIVITY_TYPE_FILTERS.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          value={search.type ?? null}
          onChange={(value) =>
            update({ type: ACTIVITY_TYPE_FILTERS.find((type) => type === value), page: 1 })
          }
          w={{ base: '100%', xs: 200 }}
        />
        {sectorFilters && (
          <SectorFilters
            sectors={sectors}
            facets={facets}
            sector={search.sector || undefined}
            isicSection={search.isic || undefined}
            onChange={(changes) => update({ ...changes, page: 1 })}
            onOpen={onOpenSectors}
          />
        )}
        <Select
          label="Per page"
          data={SIZES}
          value={String(search.size)}
          allowDeselect={false}
          onChange={(value) => update({ size: Number(value ?? 20), page: 1 })}
          w={100}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
