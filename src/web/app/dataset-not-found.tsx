import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouteError } from 'react-router';
import { z } from 'zod';
import { DatasetIdSchema } from '../../shared/api/routes';
import { ErrorPanel } from '../components/feedback/error-panel';
import { RouteError } from '../components/feedback/route-error';
import { paths } from '../config/paths';
import { searches, type ReleaseRef } from '../config/routes';
import { datasetQueries } from '../features/datasets/api/dataset-queries';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/page-title';
import { useRelease } from './release-context';
import { useRouteSearch } from '../lib/url-state';

const IdSchema = z.coerce.number().pipe(DatasetIdSchema);

/** The dataset ID in the path; anything else is a page that does not exist. */
export function datasetId(params: Record<string, string | undefined>): number {
  const parsed = IdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response(null, { status: 404 });
  return parsed.data;
}

/**
 * When a dataset is missing from this release: which other releases in the licence have it, in
 * one call (the proxy asks each release, so the browser meets no "not found" of its own).
 */
function ElsewhereList({
  id,
  here,
  ind,
}: {
  id: number;
  here: ReleaseRef;
  ind: readonly number[];
}) {
  const holding = useQuery(datasetQueries.releases(id));
  const found = (holding.data?.releases ?? [])
    .map((entry) => ({ version: entry.version, systemModel: entry.system_model }))
    .filter((other) => other.version !== here.version || other.systemModel !== here.systemModel);
  if (holding.isError)
    return <ErrorPanel error={holding.error} onRetry={() => void holding.refetch()} />;
  return (
    <Stack gap="xs">
      <Text>
        {holding.isPending
          ? 'Looking for it in the other releases of your licence…'
          : found.length > 0
            ? 'Releases that have it:'
            : 'No other release in your licence has it either.'}
      </Text>
      <Group gap="sm">
        {found.map((other) => (
          <Anchor
            key={`${other.version}/${other.systemModel}`}
            component={Link}
            to={paths.dataset(other, id, { ind })}
          >
            {other.version} · {other.systemModel}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The error boundary of a dataset's pages (the dataset, its history): a Dataset ID this release
 * lacks says so and offers the releases that have it; any other failure is the usual panel.
 */
export function DatasetNotFound() {
  const error = useRouteError();
  const release = useRelease();
  const id = Number(useParams().id);
  // The dataset's pages and its history both carry the indicator set, which these links keep.
  const [{ ind }] = useRouteSearch(searches.dataset);
  usePageTitle(`Dataset ${id} not in ${release.version}`);
  if (!(error instanceof ApiError && error.status === 404)) return <RouteError />;
  return (
    <Stack maw={720}>
      <Title order={1}>
        Dataset {id} is not in {release.version} · {release.systemModel}
      </Title>
      <Text>
        Dataset IDs are stable between releases, but a dataset can be deleted, merged into another
        or moved to a new ID.
      </Text>
      <ElsewhereList id={id} here={release} ind={ind} />
      <Anchor component={Link} to={paths.datasets(release)}>
        Search this release instead
      </Anchor>
    </Stack>
  );
}
