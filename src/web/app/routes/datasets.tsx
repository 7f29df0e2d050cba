import { Skeleton, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { replace } from 'react-router';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { PageControl } from '../../components/data/page-control';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { configQueries } from '../../features/auth/api/get-config';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { SearchForm } from '../../features/datasets/components/search-form';
import { SearchResults } from '../../features/datasets/components/search-results';
import { SearchSummary } from '../../features/datasets/components/search-summary';
import { SectorIndexProgress } from '../../features/datasets/components/sector-filters';
import { resolveGeography } from '../../features/datasets/geographies';
import { searchCall, searchQuery } from '../../features/datasets/search';
import { usePageTitle } from '../../lib/page-title';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { useRelease } from '../release-context';
import { startQuery, type LoaderContext, loaderInput } from '../route-context';

/**
 * A geography given by code or in another case (an old link's `geography=MX`) becomes the
 * display name the data service filters by; then the page's results, or, when it filters by
 * sector, the release's sector index (which the first such visit starts building).
 */
export function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.datasets);
  const geography = resolveGeography(search.geography);
  if (geography !== search.geography)
    throw replace(paths.datasets(release, { ...search, geography }));
  if (search.sector || search.isic) startQuery(queryClient, datasetQueries.sectors(release));
  else startQuery(queryClient, searchQuery(release, search));
  return null;
}

export const ErrorBoundary = RouteError;

/**
 * `/:v/:m/datasets`: search, with query, geography, activity type, sector, ISIC section, page and
 * page size in the URL.
 */
export function Component() {
  const release = useRelease();
  const [search, update] = useRouteSearch(searches.datasets);
  const link = useShownLink(searches.datasets, undefined);
  const bySector = search.sector !== '' || search.isic !== '';
  const config = useQuery(configQueries.public());
  // Off when the operator turned the sector index off (SECTOR_INDEX=off).
  const sectorFilters = config.data?.dataService.sectorIndex !== false;
  usePageTitle(search.q ? `“${search.q}”` : 'Datasets', release.version);

  // Asked for only when someone filters by sector (or opens a picker to): indexing a release
  // costs the data service a few hundred calls, which a plain search should not set off.
  const [sectorsWanted, setSectorsWanted] = useState(false);
  const sectors = useQuery({
    ...datasetQueries.sectors(release),
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

  const resultsTop = useRef<HTMLDivElement>(null);
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / search.size));
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode calls={[searchCall(release, search)]} />
        <Title order={1}>Datasets</Title>
      </div>
      <SearchForm
        search={search}
        update={update}
        seen={seen}
        onSearch={({ query, geography }) => update({ q: query, geography, page: 1 })}
        sectorFilters={sectorFilters}
        sectors={sectors.data}
        facets={bySector ? results.data?.facets : undefined}
        onOpenSectors={() => setSectorsWanted(true)}
      />
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
          <Stack gap="md" ref={resultsTop}>
            <SearchSummary
              results={results.data}
              search={search}
              release={release}
              pages={pages}
              bySector={bySector}
              link={link}
            />
          </Stack>
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
              top={resultsTop}
            />
          )}
        </>
      )}
    </Stack>
  );
}
