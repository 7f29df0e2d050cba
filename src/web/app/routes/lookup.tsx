import { Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { parseLookupKey } from '../../../shared/lookup';
import type { Dataset } from '../../../shared/api/schemas';
import { OrMissing } from '../../components/data/missing';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { paths } from '../../config/paths';
import { configQueries } from '../../features/auth/api/get-config';
import { datasetQueries } from '../../features/datasets/api/dataset-queries';
import { ApiError } from '../../lib/api-client';
import { useRelease } from '../../lib/release-params';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;
const noLookup = (error: unknown) =>
  error instanceof ApiError && error.code === 'spold_lookup_unavailable';

/** The data service has no lookup by Spold UUID: say so, and offer what still works. */
function NoSpoldLookup({ version, systemModel }: { version: string; systemModel: string }) {
  return (
    <Stack maw={640}>
      <Title order={1}>UUIDs cannot be looked up here</Title>
      <Text>
        The data service this explorer uses offers no lookup by Spold UUID, so activity, product and
        geography UUIDs and ecoSpold file names cannot be resolved. A Dataset ID still opens its
        dataset.
      </Text>
      <Anchor component={Link} to={paths.datasets(version, systemModel)}>
        Search datasets by name instead
      </Anchor>
    </Stack>
  );
}

/**
 * `/:v/:m/lookup/:key`: a Dataset ID opens the dataset; a UUID is tried as an activity, product
 * and geography UUID; an ecoSpold file name as its activity and product. One match opens it,
 * several are listed, none is explained.
 */
export function LookupRoute() {
  const { version, systemModel } = useRelease();
  const key = parseLookupKey(useParams().key ?? '');
  const uuidQueries =
    key.kind === 'uuid'
      ? [{ activity: key.uuid }, { product: key.uuid }, { geography: key.uuid }]
      : key.kind === 'spold-file'
        ? [{ activity: key.activityUuid, product: key.productUuid }]
        : [];
  const config = useQuery(configQueries.public());
  const spoldLookup = config.data?.dataService.spoldLookup !== false;
  const lookups = useQueries({
    queries: uuidQueries.map((uuids) => ({
      ...datasetQueries.spold(version, systemModel, uuids),
      enabled: spoldLookup,
    })),
  });

  if (key.kind === 'dataset-id')
    return <Navigate to={paths.dataset(version, systemModel, key.id)} replace />;
  if (key.kind === 'invalid') {
    return (
      <Stack maw={640}>
        <Title order={1}>Nothing to look up</Title>
        <Text>{key.reason}</Text>
        <Anchor component={Link} to={paths.datasets(version, systemModel)}>
          Search datasets by name
        </Anchor>
      </Stack>
    );
  }
  if (!spoldLookup || lookups.some((lookup) => noLookup(lookup.error)))
    return <NoSpoldLookup version={version} systemModel={systemModel} />;
  if (lookups.some((lookup) => lookup.isPending))
    return <Skeleton h={200} aria-label="Looking up" />;
  const failed = lookups.find((lookup) => lookup.isError && !notFound(lookup.error));
  if (failed) return <ErrorPanel error={failed.error} onRetry={() => void failed.refetch()} />;

  const matches = new Map<number, Dataset>();
  for (const lookup of lookups)
    for (const dataset of lookup.data?.datasets ?? []) matches.set(dataset.id, dataset);
  const found = [...matches.values()];
  const only = found[0];
  if (found.length === 1 && only)
    return <Navigate to={paths.dataset(version, systemModel, only.id)} replace />;
  if (found.length === 0) {
    return (
      <Stack maw={640}>
        <Title order={1}>No dataset found</Title>
        <Text>
          No dataset in {version} ({systemModel}) has{' '}
          {key.kind === 'spold-file'
            ? 'this activity and product UUID together'
            : 'this UUID as its activity, product or geography UUID'}
          . It may belong to another release or system model.
        </Text>
        <Anchor component={Link} to={paths.releases()}>
          Choose another release
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1}>{found.length} datasets match</Title>
      <Table.ScrollContainer minWidth={560}>
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
                  <Anchor component={Link} to={paths.dataset(version, systemModel, dataset.id)}>
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
