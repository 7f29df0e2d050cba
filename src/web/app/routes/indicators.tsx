import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseWire } from '../../lib/api-client';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { useShownLink } from '../../lib/shown-link';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches, type ReleaseRef } from '../../config/routes';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { IndicatorCatalogue } from '../../features/indicators/components/indicator-catalogue';
import { versionQueries } from '../../features/releases/api/get-versions';
import { useIndicatorFilter } from '../../features/indicators/use-indicator-filter';
import { useIndicatorSelection } from '../../features/indicators/use-indicator-selection';
import { these } from '../../lib/wording';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';

/** The catalogue, and the dataset the set is being chosen for (its name, for the way back). */
export function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.indicators);
  const { dataset } = search;
  if (dataset !== undefined) startQuery(queryClient, datasetQueries.detail(release, dataset));
  startQuery(queryClient, indicatorQueries.list(release));
  return null;
}

export const ErrorBoundary = RouteError;

/** Came from a dataset's "Change indicators": the way back, with the set as it is now. */
function BackToDataset(props: {
  release: ReleaseRef;
  id: number;
  selected: readonly number[];
  history: boolean;
}) {
  const { release, id, selected } = props;
  const dataset = useQuery({
    ...datasetQueries.detail(release, id),
    retry: false,
  });
  const name = dataset.data?.activity ?? `dataset ${id}`;
  return (
    <Button
      component={Link}
      to={
        props.history
          ? paths.history(release, id, { ind: selected })
          : paths.dataset(release, id, { ind: selected })
      }
      variant="light"
      w="fit-content"
    >
      Back to {name}
      {props.history ? ' across releases' : ''}
      {selected.length > 0 ? ` with ${these(selected.length, 'indicator')}` : ''}
    </Button>
  );
}

/** `/:v/:m/indicators`: the catalogue of LCIA indicators, and the set chosen from it. */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const data = usePageData(indicatorQueries.list(release));
  const [search] = useRouteSearch(searches.indicators);
  const { selected } = useIndicatorSelection();
  const filter = useIndicatorFilter();
  const link = useShownLink(searches.indicators, undefined, { q: filter.text.trim() });
  // The other releases of this system model, to follow an indicator to.
  const versions = useQuery(versionQueries.all());
  const others = (versions.data?.releases ?? [])
    .filter((each) => each.version !== version && each.system_models.includes(systemModel))
    .map((each) => each.version);
  usePageTitle('Indicators', version);
  if (!data) return <PageSkeleton />;
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode calls={[apiCall('indicators', { query: releaseWire(release) })]} />
        <Title order={1}>Indicators</Title>
        <Text c="dimmed">
          LCIA methods of release {version} ({systemModel}) with their categories, indicators, units
          and IDs; ⇄ on an indicator shows what stands for it in the other releases.
          {selected.length > 0 && (
            <>
              {' '}
              <Anchor component={Link} to={paths.datasets(release, { ind: selected })}>
                Find a dataset to score with {these(selected.length, 'indicator')}
              </Anchor>{' '}
              or{' '}
              <Anchor component={Link} to={paths.compare(release, { ind: selected })}>
                compare datasets on them
              </Anchor>
            </>
          )}
        </Text>
        <Group gap="xs" mt={4}>
          <CopyLinkButton link={link} />
        </Group>
      </div>
      {search.dataset !== undefined && (
        <BackToDataset
          release={release}
          id={search.dataset}
          selected={selected}
          history={search.back === 'history'}
        />
      )}
      <IndicatorCatalogue
        indicators={data.indicators}
        setLink={(ind, set) =>
          `${window.location.origin}${paths.indicators(release, { ind, set })}`
        }
        releases={{ version, systemModel, others }}
        filter={filter}
      />
    </Stack>
  );
}
