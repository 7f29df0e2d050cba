import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import '@mantine/charts/styles.css';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CiteThis } from '../../components/cite/cite-this';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { citeDataset } from '../../../shared/citation';
import { OrMissing } from '../../components/data/missing';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { DatasetDocumentation } from '../../features/datasets/components/dataset-documentation';
import { ScoresPanel } from '../../features/datasets/components/scores-panel';
import { rememberDataset } from '../../features/datasets/recent';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { chooseIndicators } from '../../features/indicators/defaults';
import { datasetLabel } from '../../features/scores/components/cost-prompt';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useCitingContext } from '../citing-context';
import { useRelease } from '../release-context';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  type LoaderContext,
  startQuery,
} from '../route-context';
import { datasetId, DatasetNotFound } from '../dataset-not-found';

/** The documentation, with the catalogue and the usage alongside; never the scores. */
export function loader({ context, params }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const { version, systemModel } = context.get(releaseContext);
  startQuery(queryClient, datasetQueries.detail(version, systemModel, datasetId(params)));
  startQuery(queryClient, indicatorQueries.list(version, systemModel));
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
  const dataset = usePageData(datasetQueries.detail(version, systemModel, id));
  const indicators = useQuery(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());
  const citing = useCitingContext();
  const releaseDate = citing.releaseDate(version);
  const { licenceHolder } = citing;
  usePageTitle(dataset?.activity ?? `Dataset ${id}`, dataset?.geography, version);

  useEffect(() => {
    if (!dataset) return;
    rememberDataset({
      id,
      activity: dataset.activity ?? `Dataset ${id}`,
      geography: dataset.geography ?? '',
      version,
      systemModel,
    });
  }, [dataset, id, version, systemModel]);

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
      <Stack gap={4}>
        <div>
          <CopyAsCode
            calls={[
              apiCall('dataset', {
                params: { id },
                query: {
                  ...releaseQuery(release),
                  ...(usable.length > 0 ? { indicator_ids: usable } : {}),
                },
              }),
            ]}
          />
          <Title order={1}>{dataset.activity ?? `Dataset ${dataset.id}`}</Title>
        </div>
        <Text c="dimmed">
          <OrMissing value={dataset.geography} /> · <OrMissing value={dataset.product} /> · release{' '}
          {version} ({systemModel}) · Dataset ID {dataset.id}
        </Text>
        <Group gap="xs" mt={4}>
          <CopyLinkButton link={link} />
          <CiteThis
            cite={() => citeDataset({ release, releaseDate, dataset, accessed: new Date() })}
          />
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.indicators(release, { ind: linked, dataset: id })}
          >
            Change indicators
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.compare(release, { ds: [id], ind: linked })}
          >
            Compare
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={paths.history(release, id, { ind: search.ind })}
          >
            Across releases
          </Button>
        </Group>
      </Stack>
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
