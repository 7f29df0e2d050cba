import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import {
  ACTIVITY_TYPE_FILTERS,
  type ActivityTypeFilter,
  type SearchFacets,
  type Sectors,
} from '../../../../shared/api/schemas';
import type { LinkSearch } from '../../../config/routes';
import { resolveGeography } from '../geographies';
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

/**
 * The search's words, geography, activity type, sectors and page size. The words and geography
 * being typed are the form's own, so a key draws the form again, not the page around it; they
 * go to the address when submitted.
 */
export function SearchForm({
  search,
  update,
  seen,
  onSearch,
  sectorFilters,
  sectors,
  facets,
  onOpenSectors,
}: {
  search: DatasetSearch;
  update: (changes: LinkSearch<'datasets'>) => void;
  /** Geographies of the results shown, offered first. */
  seen: readonly string[];
  /** The words, trimmed, and the geography as the data service names it. */
  onSearch: (draft: SearchDraft) => void;
  /** Whether the operator left the sector index on. */
  sectorFilters: boolean;
  sectors: Sectors | undefined;
  facets: SearchFacets | undefined;
  onOpenSectors: () => void;
}) {
  const inAddress = { query: search.q, geography: search.geography };
  const [draft, setDraft] = useState<SearchDraft>(inAddress);
  // Words or a geography the address got from elsewhere (Back, a link) are shown, as searched.
  const [shown, setShown] = useState<SearchDraft>(inAddress);
  if (shown.query !== inAddress.query || shown.geography !== inAddress.geography) {
    setShown(inAddress);
    setDraft(inAddress);
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const searched = {
      query: draft.query.trim(),
      geography: resolveGeography(draft.geography, seen),
    };
    setDraft(searched);
    onSearch(searched);
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Dataset search">
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
