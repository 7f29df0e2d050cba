import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseQuery } from '../../components/code/page-calls';
import { Alert, Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, replace, useParams } from 'react-router';
import { parseLookupKey, type LookupKey } from '../../../shared/lookup';
import type { Dataset } from '../../../shared/api/schemas';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { OrMissing } from '../../components/data/missing';
import { useShownLink } from '../../lib/shown-link';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches, SEARCH_TEXT_MAX, type ReleaseRef } from '../../config/routes';
import { configQueries } from '../../features/auth/api/get-config';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { WhatItBecame } from '../../features/datasets/components/what-it-became';
import { ApiError } from '../../lib/api-client';
import { plural } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  ensureQueryData,
} from '../route-context';

const noLookup = (error: unknown) =>
  error instanceof ApiError && error.code === 'spold_lookup_unavailable';

/** A UUID is tried as an activity, product and geography UUID; a file name as both of its own. */
const spoldUuids = (
  key: LookupKey,
): { activity?: string; product?: string; geography?: string }[] =>
  key.kind === 'uuid'
    ? [{ activity: key.uuid }, { product: key.uuid }, { geography: key.uuid }]
    : key.kind === 'spold-file'
      ? [{ activity: key.activityUuid, product: key.productUuid }]
      : [];

function lookupQueries(release: ReleaseRef, key: LookupKey) {
  // No match is an empty page, so each of the three kinds a UUID is tried as is a plain answer.
  return spoldUuids(key).map((ids) =>
    datasetQueries.spold(release.version, release.systemModel, ids),
  );
}

async function spoldLookup(queryClient: QueryClient) {
  const config = await ensureQueryData(queryClient, configQueries.public());
  return config.dataService.spoldLookup;
}

/** One match opens its dataset (the indicator set kept); anything else is shown by the page. */
export async function loader({ context, params, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const release = context.get(releaseContext);
  const { ind } = searches.lookup.parse(searchOf(request));
  const key = parseLookupKey(params.key ?? '');
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

/** The data service has no lookup by Spold UUID: say so, and offer what still works. */
function NoSpoldLookup({ release }: { release: ReleaseRef }) {
  return (
    <Stack maw={640}>
      <Title order={1}>UUIDs cannot be looked up here</Title>
      <Text>
        The data service this explorer uses offers no lookup by Spold UUID, so activity, product and
        geography UUIDs and ecoSpold file names cannot be resolved. A Dataset ID still opens its
        dataset.
      </Text>
      <Anchor component={Link} to={paths.datasets(release)}>
        Search datasets by name instead
      </Anchor>
    </Stack>
  );
}

/** A lookup the data service answered with only the first page of its matches. */
interface CutLookup {
  kind: 'activity' | 'product' | 'geography';
  total: number;
  sent: number;
  first: Dataset | undefined;
}

/**
 * How to see all of a cut lookup's matches, where the explorer has a way: a geography's are the
 * dataset search filtered by that geography, the very same datasets. The search has no filter by
 * product or activity, so for those it says plainly that only the first page is shown, and a
 * search by the product's name is offered only as what it is: a wider set holding them all.
 */
function CutAdvice({
  part,
  release,
  ind,
}: {
  part: CutLookup;
  release: ReleaseRef;
  ind: number[];
}) {
  const sent = `The data service sends at most ${part.sent} matches of a lookup`;
  const geography = part.first?.geography;
  if (part.kind === 'geography' && geography)
    return (
      <Text size="sm">
        {sent}; the dataset search lists all {part.total}:{' '}
        <Anchor component={Link} to={paths.datasets(release, { geography, ind })}>
          all datasets in {geography}
        </Anchor>{' '}
        (the search counts them by activity).
      </Text>
    );
  const product = part.first?.product;
  return (
    <Text size="sm">
      {sent}, so only the first {part.sent} of the {part.total} with this {part.kind} UUID are
      shown; the dataset search has no filter by {part.kind}, so no page here lists just these.
      {part.kind === 'product' && product && (
        <>
          {' '}
          <Anchor component={Link} to={paths.datasets(release, { q: product, ind })}>
            Search for “{product}”
          </Anchor>{' '}
          finds datasets by name: these among others.
        </>
      )}
    </Text>
  );
}

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

  if (key.kind === 'invalid' || key.kind === 'dataset-id') {
    return (
      <Stack maw={640}>
        <Title order={1}>Nothing to look up</Title>
        <Text style={{ overflowWrap: 'anywhere' }}>{key.kind === 'invalid' ? key.reason : ''}</Text>
        <Anchor
          component={Link}
          to={paths.datasets(release, { q: typed.trim().slice(0, SEARCH_TEXT_MAX), ind })}
          style={{ overflowWrap: 'anywhere' }}
        >
          {typed.trim() ? `Search datasets for “${typed.trim()}”` : 'Search datasets by name'}
        </Anchor>
      </Stack>
    );
  }
  if (!spold || lookups.some((lookup) => noLookup(lookup.error)))
    return <NoSpoldLookup release={release} />;
  const failed = lookups.find((lookup) => lookup.isError);
  if (failed) return <ErrorPanel error={failed.error} onRetry={() => void failed.refetch()} />;

  const matches = new Map<number, Dataset>();
  for (const lookup of lookups)
    for (const dataset of lookup.data?.datasets ?? []) matches.set(dataset.id, dataset);
  // In the order a reader scans them: by activity, then geography.
  const found = [...matches.values()].sort(
    (a, b) =>
      (a.activity ?? '').localeCompare(b.activity ?? '') ||
      (a.geography ?? '').localeCompare(b.geography ?? '') ||
      a.id - b.id,
  );
  // The service sends at most a page of matches with their total: a larger total was cut.
  const total = Math.max(found.length, ...lookups.map((lookup) => lookup.data?.total ?? 0));
  if (found.length === 0) {
    return (
      <Stack maw={960}>
        <Title order={1}>No dataset found</Title>
        <Text style={{ overflowWrap: 'anywhere' }}>
          No dataset in {release.version} ({release.systemModel}) has{' '}
          {key.kind === 'spold-file'
            ? `the activity UUID ${key.activityUuid} and the product UUID ${key.productUuid} together`
            : `${key.uuid} as its activity, product or geography UUID`}
          . It may belong to another release or system model.
        </Text>
        <WhatItBecame lookupKey={typed.trim()} release={release} ind={ind} />
        <Anchor component={Link} to={paths.releases()}>
          Choose another release
        </Anchor>
      </Stack>
    );
  }
  const kinds = spoldUuids(key);
  const cut = lookups.flatMap((lookup, i): CutLookup[] => {
    const data = lookup.data;
    const ids = kinds[i];
    if (!data || !ids || data.total <= data.datasets.length) return [];
    const kind = ids.geography ? 'geography' : ids.activity ? 'activity' : 'product';
    return [{ kind, total: data.total, sent: data.datasets.length, first: data.datasets[0] }];
  });
  return (
    <Stack>
      <div>
        <CopyAsCode
          calls={spoldUuids(key).map((uuids) =>
            apiCall('spold', {
              query: {
                ...releaseQuery(release),
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
      <Table.ScrollContainer minWidth={560} type="native">
        <Table aria-label="Matching datasets" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Activity</Table.Th>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col">Geography</Table.Th>
              <Table.Th scope="col">ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.map((dataset) => (
              <Table.Tr key={dataset.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.dataset(release, dataset.id, { ind })}>
                    {dataset.activity ?? `Dataset ${dataset.id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <OrMissing value={dataset.product} />
                </Table.Td>
                <Table.Td>
                  <OrMissing value={dataset.geography} />
                </Table.Td>
                <Table.Td>{dataset.id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
