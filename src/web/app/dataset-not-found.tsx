import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useRouteError } from 'react-router';
import { RouteError } from '../components/feedback/route-error';
import { paths } from '../config/paths';
import { searches } from '../config/routes';
import { WhatItBecame } from '../features/datasets/components/what-it-became';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/page-title';
import { useRelease } from './release-context';
import { useRouteSearch } from '../lib/url-state';

/**
 * The error boundary of a dataset's pages (the dataset, its history): a Dataset ID this release
 * lacks says so, what it became here (the upgrade check's verdict from the nearest release that
 * has it) and the releases that have it; any other failure is the usual panel.
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
    <Stack maw={960}>
      <Title order={1}>
        Dataset {id} is not in {release.version} · {release.systemModel}
      </Title>
      <Text>
        Dataset IDs are stable between releases, but a dataset can be deleted, split, merged into
        another or moved to a new ID.
      </Text>
      <WhatItBecame lookupKey={String(id)} release={release} ind={ind} />
      <Anchor component={Link} to={paths.datasets(release)}>
        Search this release instead
      </Anchor>
    </Stack>
  );
}
