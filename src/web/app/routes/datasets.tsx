import {
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ACTIVITY_TYPE_FILTERS, type ActivityTypeFilter } from '../../../shared/api/schemas';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { configQueries } from '../../features/auth/api/get-config';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { SearchResults } from '../../features/datasets/components/search-results';
import {
  SectorFilters,
  SectorIndexProgress,
} from '../../features/datasets/components/sector-filters';
import { formatCount } from '../../lib/format';
import { useRelease } from '../../lib/release-params';
import { parseIndicatorSet, parseIntParam, useUpdateSearch } from '../../lib/url-state';

const TYPE_LABELS: Record<ActivityTypeFilter, string> = {
  MARKET_ACTIVITY: 'Market activity',
  MARKET_GROUP: 'Market group',
  TRANSFORMING_ACTIVITY: 'Transforming activity',
};
const SIZES = ['10', '20', '50', '100'];

/**
 * `/:v/:m/datasets`: search, with query, geography, activity type, sector, ISIC section, page and
 * page size in the URL.
 */
export function DatasetsRoute() {
  const { version, systemModel } = useRelease();
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const query = searchParams.get('q') ?? '';
  const geography = searchParams.get('geography') ?? '';
  const typeParam = searchParams.get('type');
  const activityType = ACTIVITY_TYPE_FILTERS.find((type) => type === typeParam);
  const sector = searchParams.get('sector') || undefined;
  const isicSection = searchParams.get('isic') || undefined;
  const bySector = sector !== undefined || isicSection !== undefined;
  const size = parseIntParam(searchParams.get('size'), 20, 10, 100);
  const page = parseIntParam(searchParams.get('page'), 1, 1, 10_000);
  const indicatorIds = parseIndicatorSet(searchParams.get('ind'));
  const [draft, setDraft] = useState({ query, geography });
  const config = useQuery(configQueries.public());
  // Off when the operator turned the sector index off (SECTOR_INDEX=off).
  const sectorFilters = config.data?.dataService.sectorIndex !== false;

  // Asked for only when someone filters by sector (or opens a picker to): indexing a release
  // costs the data service a few hundred calls, which a plain search should not set off.
  const [sectorsWanted, setSectorsWanted] = useState(false);
  const sectors = useQuery({
    ...datasetQueries.sectors(version, systemModel),
    enabled: bySector || sectorsWanted,
  });
  const indexReady = sectors.data?.status === 'ready';
  const search = useQuery({
    ...datasetQueries.search({
      version,
      systemModel,
      query,
      geography: geography || undefined,
      activityType,
      sector,
      isicSection,
      page,
      size,
    }),
    enabled: !bySector || indexReady,
    placeholderData: keepPreviousData,
  });
  const waitingForIndex = bySector && !indexReady;

  const update = (changes: Record<string, string | undefined>) => updateSearch(changes);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    update({ q: draft.query.trim(), geography: draft.geography.trim(), page: undefined });
  };

  const pages = search.data ? Math.max(1, Math.ceil(search.data.total / size)) : 1;
  return (
    <Stack gap="md">
      <Title order={1}>Datasets</Title>
      <form onSubmit={submit} role="search" aria-label="Dataset search">
        <Group align="end" gap="sm">
          <TextInput
            label="Search"
            placeholder="market for electricity, high voltage"
            value={draft.query}
            onChange={(event) => setDraft({ ...draft, query: event.currentTarget.value })}
            style={{ flex: 2, minWidth: 220 }}
          />
          <TextInput
            label="Geography"
            description="Exact name, e.g. Mexico (MX)"
            value={draft.geography}
            onChange={(event) => setDraft({ ...draft, geography: event.currentTarget.value })}
            style={{ flex: 1, minWidth: 160 }}
          />
          <Select
            label="Activity type"
            placeholder="Any"
            clearable
            data={ACTIVITY_TYPE_FILTERS.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
            value={activityType ?? null}
            onChange={(value) => update({ type: value ?? undefined, page: undefined })}
            w={200}
          />
          {sectorFilters && (
            <SectorFilters
              sectors={sectors.data}
              sector={sector}
              isicSection={isicSection}
              onChange={(changes) => update({ ...changes, page: undefined })}
              onOpen={() => setSectorsWanted(true)}
            />
          )}
          <Select
            label="Per page"
            data={SIZES}
            value={String(size)}
            allowDeselect={false}
            onChange={(value) => update({ size: value ?? undefined, page: undefined })}
            w={100}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {waitingForIndex && sectors.isError && (
        <ErrorPanel error={sectors.error} onRetry={() => void sectors.refetch()} />
      )}
      {waitingForIndex && !sectors.isError && <SectorIndexProgress sectors={sectors.data} />}
      {!waitingForIndex && search.isPending && <Skeleton h={300} aria-label="Searching" />}
      {search.isError && <ErrorPanel error={search.error} onRetry={() => void search.refetch()} />}
      {search.data && !waitingForIndex && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {search.data.total === 0
              ? 'No activity matches.'
              : `${formatCount(search.data.total)} activities match${query ? ` “${query}”` : ''}${geography ? ` in ${geography}` : ''}${sector ? `, sector ${sector}` : ''}${isicSection ? `, ISIC ${isicSection}` : ''}. Page ${page} of ${pages}.`}
          </Text>
          {search.data.total === 0 && (
            <Text>
              {/^[A-Za-z]{2,3}$/.test(geography)
                ? `Geographies are matched by their full name, such as “Mexico (MX)”, not by a code like “${geography}”.`
                : `Try fewer or shorter words, another activity type${bySector ? ', another sector' : ''}, or no geography.`}
            </Text>
          )}
          {search.data.total > 0 && (
            <SearchResults
              results={search.data.results}
              version={version}
              systemModel={systemModel}
              indicatorIds={indicatorIds}
            />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => update({ page: String(next) })}
              aria-label="Result pages"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'First page',
                  previous: 'Previous page',
                  next: 'Next page',
                  last: 'Last page',
                }[control],
              })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
