import { Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { DatasetDocumentation } from '../../features/datasets/components/dataset-documentation';
import { DatasetHeader } from '../../features/datasets/components/dataset-header';
import { ScoresPanel } from '../../features/datasets/components/scores-panel';
import { useRememberDataset } from '../../features/datasets/recent';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { chooseIndicators } from '../../features/indicators/defaults';
import { datasetLabel } from '../../features/scores/components/cost-prompt';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { useCitingContext } from '../citing-context';
import { datasetId } from '../dataset-id';
import { DatasetNotFound } from '../dataset-not-found';
import { useRelease } from '../release-context';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';

/** The documentation, with the catalogue and the usage alongside; never the scores. */
export function loader(args: LoaderContext) {
  const { queryClient, release } = loaderInput(args);
  startQuery(queryClient, datasetQueries.detail(release, datasetId(args.params)));
  startQuery(queryClient, indicatorQueries.list(release));
  startQuery(queryClient, usageQueries.current());
  return null;
}

/** A Dataset ID this release lacks: say so, and offer the releases that have it. */
export const ErrorBoundary = DatasetNotFound;

/** `/:v/:m/datasets/:id`: documentation first, scores for the chosen indicators when asked. */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const id = datasetId(useParams());
  const [search, update] = useRouteSearch(searches.dataset);
  const dataset = usePageData(datasetQueries.detail(release, id));
  const indicators = useQuery(indicatorQueries.list(release));
  const usage = useQuery(usageQueries.current());
  const citing = useCitingContext();
  const releaseDate = citing.releaseDate(version);
  const { licenceHolder } = citing;
  usePageTitle(dataset?.activity ?? `Dataset ${id}`, dataset?.geography, version);

  useRememberDataset(dataset, id, release);

  const catalogue = indicators.data?.indicators;
  const usable = catalogue ? chooseIndicators(search.ind, catalogue) : [];
  const byId = new Map(catalogue?.map((indicator) => [indicator.id, indicator]));
  // Until the catalogue is in, links carry the set as the URL has it, never an empty one.
  const linked = indicators.data ? usable : search.ind;
  // A set from memory or the headline set goes into the address; one the URL names stays as
  // named (IDs this release lacks included, so the link shows the same in every release).
  const link = useShownLink(
    searches.dataset,
    indicators.data ? { ind: search.ind.length > 0 ? search.ind : usable } : undefined,
  );

  if (!dataset) return <PageSkeleton />;

  return (
    <Stack gap="lg">
      <DatasetHeader
        release={release}
        dataset={dataset}
        id={id}
        indicatorIds={usable}
        linked={linked}
        ind={search.ind}
        link={link}
        releaseDate={releaseDate}
      />
      <DatasetDocumentation
        dataset={dataset}
        searchHref={(filter) => paths.datasets(release, { ...filter, ind: linked })}
      />
      <Stack gap="sm">
        <Title order={2} size="h3">
          Impact scores
        </Title>
        {indicators.isPending ? (
          <Skeleton h={80} />
        ) : (
          <ScoresPanel
            version={version}
            systemModel={systemModel}
            datasetId={id}
            datasetName={datasetLabel(dataset)}
            indicators={usable.flatMap((ind) => byId.get(ind) ?? [])}
            charged={usage.data?.charged}
            view={search.view}
            onView={(view) => update({ view }, { replace: true })}
            link={link}
            licenceHolder={licenceHolder}
            releaseDate={releaseDate}
          />
        )}
      </Stack>
    </Stack>
  );
}
