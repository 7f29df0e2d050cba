import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { ReadingProgress } from '../../components/feedback/reading-progress';
import { historyQueries } from '../../features/history/api/history-queries';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { datasetId } from '../dataset-id';
import { DatasetNotFound } from '../dataset-not-found';
import { useRelease } from '../release-context';
import { HistoryView } from './dataset-history/history-view';

/** A Dataset ID this release lacks: say so, and offer the releases that have it. */
export const ErrorBoundary = DatasetNotFound;

/**
 * `/:v/:m/datasets/:id/history`: the dataset in every licensed release of the system model, how
 * each match was made, its documentation side by side, and its scores once agreed to.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const id = datasetId(useParams());
  const history = usePageData(historyQueries.matches(release, id));
  const here =
    history?.status === 'ready'
      ? history.releases.find((entry) => entry.version === version)?.dataset
      : undefined;
  usePageTitle(`${here?.activity ?? `Dataset ${id}`} across releases`, here?.geography, version);
  if (!history) return <PageSkeleton />;
  if (history.status === 'building')
    return (
      <Stack gap="md">
        <Title order={1}>Dataset {id} across releases</Title>
        <ReadingProgress progress={history} what={`the releases of ${systemModel}`} />
      </Stack>
    );
  return <HistoryView history={history} />;
}
