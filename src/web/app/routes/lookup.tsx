import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { replace, useParams } from 'react-router';
import { apiCall } from '../../../shared/api/calls';
import { parseLookupKey } from '../../../shared/lookup';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseWire } from '../../lib/api-client';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { configQueries } from '../../features/auth/api/get-config';
import {
  lookupMatches,
  lookupQueries,
  noLookup,
  spoldUuids,
} from '../../features/datasets/api/lookup-queries';
import {
  CutAdvice,
  LookupMatches,
  NoDatasetFound,
  NoSpoldLookup,
  NothingToLookUp,
} from '../../features/datasets/components/lookup-notes';
import { plural } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { useRelease } from '../release-context';
import { ensureQueryData, type LoaderContext, loaderInput } from '../route-context';

async function spoldLookup(queryClient: QueryClient) {
  const config = await ensureQueryData(queryClient, configQueries.public());
  return config.dataService.spoldLookup;
}

/** One match opens its dataset (the indicator set kept); anything else is shown by the page. */
export async function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.lookup);
  const { ind } = search;
  const key = parseLookupKey(args.params.key ?? '');
  if (key.kind === 'dataset-id') throw replace(paths.dataset(release, key.id, { ind }));
  if (!(await spoldLookup(queryClient))) return null;
  const answers = await Promise.allSettled(
    lookupQueries(release, key).map((query) => ensureQueryData(queryClient, query)),
  );
  const ids = new Set(
    answers.flatMap((answer) =>
      answer.status === 'fulfilled' ? answer.value.datasets.map((dataset) => dataset.id) : [],
    ),
  );
  const failed = answers.some((answer) => answer.status === 'rejected');
  const [only] = ids;
  if (ids.size === 1 && only !== undefined && !failed)
    throw replace(paths.dataset(release, only, { ind }));
  return null;
}

export const ErrorBoundary = RouteError;

/**
 * `/:v/:m/lookup/:key`: a Dataset ID opens the dataset; a UUID is tried as an activity, product
 * and geography UUID; an ecoSpold file name as its activity and product. One match opens it,
 * several are listed (saying when the service sent only some), none is explained.
 */
export function Component() {
  const release = useRelease();
  const [{ ind }] = useRouteSearch(searches.lookup);
  const link = useShownLink(searches.lookup, undefined);
  const typed = useParams().key ?? '';
  const key = parseLookupKey(typed);
  const config = useQuery(configQueries.public());
  const spold = config.data?.dataService.spoldLookup !== false;
  const lookups = useQueries({
    queries: lookupQueries(release, key).map((query) => ({ ...query, enabled: spold })),
  });
  usePageTitle('Look up', release.version);

  if (key.kind === 'invalid' || key.kind === 'dataset-id')
    return (
      <NothingToLookUp
        typed={typed}
        reason={key.kind === 'invalid' ? key.reason : ''}
        release={release}
        ind={ind}
      />
    );
  if (!spold || lookups.some((lookup) => noLookup(lookup.error)))
    return <NoSpoldLookup release={release} />;
  const failed = lookups.find((lookup) => lookup.isError);
  if (failed) return <ErrorPanel error={failed.error} onRetry={() => void failed.refetch()} />;

  const { found, total, cut } = lookupMatches(
    key,
    lookups.map((lookup) => lookup.data),
  );
  if (found.length === 0)
    return <NoDatasetFound lookupKey={key} typed={typed} release={release} ind={ind} />;
  return (
    <Stack>
      <div>
        <CopyAsCode
          calls={spoldUuids(key).map((uuids) =>
            apiCall('spold', {
              query: {
                ...releaseWire(release),
                activity_spold_uuid: uuids.activity,
                product_spold_uuid: uuids.product,
                geography_spold_uuid: uuids.geography,
              },
            }),
          )}
        />
        <Title order={1}>
          {plural(total, 'dataset')} {total === 1 ? 'matches' : 'match'}
        </Title>
      </div>
      <Group gap="xs">
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {key.kind === 'spold-file' ? `ecoSpold file ${typed.trim()}` : `UUID ${key.uuid}`} in{' '}
          {release.version} ({release.systemModel})
        </Text>
        <CopyLinkButton link={link} />
      </Group>
      {total > found.length && (
        <Alert color="yellow" title={`Showing ${found.length} of ${total}`}>
          <Stack gap="xs">
            {cut.map((part) => (
              <CutAdvice key={part.kind} part={part} release={release} ind={ind} />
            ))}
          </Stack>
        </Alert>
      )}
      <LookupMatches found={found} release={release} ind={ind} />
    </Stack>
  );
}
