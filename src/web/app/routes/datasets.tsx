import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import {
  Anchor,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, replace } from 'react-router';
import { ACTIVITY_TYPE_FILTERS, type ActivityTypeFilter } from '../../../shared/api/schemas';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { PageControl } from '../../components/data/page-control';
import { useShownLink } from '../../lib/shown-link';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches, type ReleaseRef, type SearchOf } from '../../config/routes';
import { configQueries } from '../../features/auth/api/get-config';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { GeographyInput } from '../../features/datasets/components/geography-input';
import { SearchResults } from '../../features/datasets/components/search-results';
import {
  SectorFilters,
  SectorIndexProgress,
} from '../../features/datasets/components/sector-filters';
import { resolveGeography } from '../../features/datasets/geographies';
import { plural } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  startQuery,
} from '../route-context';

const TYPE_LABELS: Record<ActivityTypeFilter, string> = {
  MARKET_ACTIVITY: 'Market activity',
  MARKET_GROUP: 'Market group',
  TRANSFORMING_ACTIVITY: 'Transforming activity',
};
const SIZES = ['10', '20', '50', '100'];

type Search = SearchOf<'datasets'>;

const searchQuery = (release: ReleaseRef, search: Search) =>
  datasetQueries.search({
    ...release,
    query: search.q,
    geography: search.geography || undefined,
    activityType: search.type,
    sector: search.sector || undefined,
    isicSection: search.isic || undefined,
    page: search.page,
    size: search.size,
  });

/**
 * A geography given by code or in another case (an old link's `geography=MX`) becomes the
 * display name the data service filters by; then the page's results, or, when it filters by
 * sector, the release's sector index (which the first such visit starts building).
 */
export function loader({ context, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const release = context.get(releaseContext);
  const search = searches.datasets.parse(searchOf(request));
  const geography = resolveGeography(search.geography);
  if (geography !== search.geography)
    throw replace(paths.datasets(release, { ...search, geography }));
  if (search.sector || search.isic)
    startQuery(queryClient, datasetQueries.sectors(release.version, release.systemModel));
  else startQuery(queryClient, searchQuery(release, search));
  return null;
}

export const ErrorBoundary = RouteError;

/** What the results are, in words: "1 activity matches “cement” in Germany (DE). Page 1 of 1." */
/** The search in words; `atLeast`: the data service counted no further than `total`. */
function describe(search: Search, total: number, pages: number, atLeast: boolean) {
  if (total === 0) return 'No activity matches.';
  const filters = [
    search.q && ` “${search.q}”`,
    search.geography && ` in ${search.geography}`,
    search.sector && `, sector ${search.sector}`,
    search.isic && `, ISIC ${search.isic}`,
  ].join('');
  if (atLeast)
    return `At least ${plural(total, 'activity')} match${filters} (the data service counts no further). Page ${Math.min(search.page, pages)} of at least ${pages}.`;
  return `${plural(total, 'activity')} ${total === 1 ? 'matches' : 'match'}${filters}. Page ${Math.min(search.page, pages)} of ${pages}.`;
}

/**
 * `/:v/:m/datasets`: search, with query, geography, activity type, sector, ISIC section, page and
 * page size in the URL.
 */
export function Component() {
  const release = useRelease();
  const [search, update] = useRouteSearch(searches.datasets);
  const link = useShownLink(searches.datasets, undefined);
  const bySector = search.sector !== '' || search.isic !== '';
  const [draft, setDraft] = useState({ query: search.q, geography: search.geography });
  const config = useQuery(configQueries.public());
  // Off when the operator turned the sector index off (SECTOR_INDEX=off).
  const sectorFilters = config.data?.dataService.sectorIndex !== false;
  usePageTitle(search.q ? `“${search.q}”` : 'Datasets', release.version);

  // Asked for only when someone filters by sector (or opens a picker to): indexing a release
  // costs the data service a few hundred calls, which a plain search should not set off.
  const [sectorsWanted, setSectorsWanted] = useState(false);
  const sectors = useQuery({
    ...datasetQueries.sectors(release.version, release.systemModel),
    enabled: bySector || sectorsWanted,
  });
  const indexReady = sectors.data?.status === 'ready';
  const results = useQuery({
    ...searchQuery(release, search),
    enabled: !bySector || indexReady,
    placeholderData: keepPreviousData,
  });
  const waitingForIndex = bySector && !indexReady;
  const seen = (results.data?.results ?? []).flatMap((hit) =>
    hit.products.flatMap((product) => product.datasets.map((dataset) => dataset.geography)),
  );

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const geography = resolveGeography(draft.geography, seen);
    setDraft({ query: draft.query.trim(), geography });
    update({ q: draft.query.trim(), geography, page: 1 });
  };

  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / search.size));
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode
          calls={[
            apiCall('search', {
              query: {
                ...releaseQuery(release),
                query: search.q || undefined,
                geography: search.geography || undefined,
                activity_type: search.type,
                sector: search.sector || undefined,
                isic_section: search.isic || undefined,
                from: (search.page - 1) * search.size,
                limit: search.size,
              },
            }),
          ]}
        />
        <Title order={1}>Datasets</Title>
      </div>
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
              sectors={sectors.data}
              facets={bySector ? results.data?.facets : undefined}
              sector={search.sector || undefined}
              isicSection={search.isic || undefined}
              onChange={(changes) => update({ ...changes, page: 1 })}
              onOpen={() => setSectorsWanted(true)}
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
      {waitingForIndex && sectors.isError && (
        <ErrorPanel error={sectors.error} onRetry={() => void sectors.refetch()} />
      )}
      {waitingForIndex && !sectors.isError && <SectorIndexProgress sectors={sectors.data} />}
      {!waitingForIndex && results.isPending && <Skeleton h={300} aria-label="Searching" />}
      {results.isError && (
        <ErrorPanel error={results.error} onRetry={() => void results.refetch()} />
      )}
      {results.data && !waitingForIndex && (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {describe(
                results.data.spelling?.kind === 'instead'
                  ? { ...search, q: results.data.spelling.query }
                  : search,
                total,
                pages,
                results.data.total_at_least === true,
              )}
            </Text>
            <CopyLinkButton link={link} />
          </Group>
          {results.data.spelling?.kind === 'instead' && (
            <Text size="sm" role="status">
              Nothing matches “{search.q}” as typed: these are the results for “
              {results.data.spelling.query}”, the spelling this release uses.
            </Text>
          )}
          {results.data.spelling?.kind === 'also' && (
            <Text size="sm">
              “{results.data.spelling.query}”, another spelling, finds{' '}
              {plural(results.data.spelling.total, 'activity')}:{' '}
              <Anchor
                component={Link}
                to={paths.datasets(release, { ...search, q: results.data.spelling.query, page: 1 })}
              >
                search for “{results.data.spelling.query}”
              </Anchor>
            </Text>
          )}
          {total === 0 && (
            <Text>
              Try fewer or shorter words, another activity type
              {bySector ? ', another sector' : ''}, or no geography.
            </Text>
          )}
          {total > 0 && search.page > pages && (
            <Text role="alert">
              There is no page {search.page}: the results end on page {pages}.{' '}
              <Anchor component={Link} to={paths.datasets(release, { ...search, page: pages })}>
                Go to page {pages}
              </Anchor>
            </Text>
          )}
          {total > 0 && search.page <= pages && (
            <SearchResults
              results={results.data.results}
              release={release}
              indicatorIds={search.ind}
            />
          )}
          {pages > 1 && (
            <PageControl
              total={pages}
              value={Math.min(search.page, pages)}
              onChange={(page) => update({ page })}
              label="Result pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
