import { useQueries } from '@tanstack/react-query';
import type { Dataset, DatasetHistory } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { datasetQueries } from '../../../features/datasets/api/dataset-queries';
import { documentationRows } from '../../../features/history/across-releases';

/*
 * Beside the history page, not in features/history: the documentation side by side joins the
 * history's matches with each release's documentation (features/datasets), which only a page
 * may do.
 */

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

/**
 * Each release's documentation of the dataset, free, from the same cache entries as the dataset
 * pages, as rows of fields side by side with what differs from the release viewed.
 */
export function useHistoryDocuments(history: Ready, release: ReleaseRef) {
  const { version, systemModel } = release;
  const entries = history.releases;
  const withDataset = entries.flatMap((entry) => (entry.dataset ? [entry] : []));
  const documents = useQueries({
    queries: withDataset.map((entry) =>
      datasetQueries.detail(
        { version: entry.version, systemModel },
        entry.dataset?.id ?? history.id,
      ),
    ),
  });
  const documentOf = new Map<string, Dataset>();
  withDataset.forEach((entry, i) => {
    const data = documents[i]?.data;
    if (data) documentOf.set(entry.version, data);
  });
  return {
    rows: documentationRows(
      entries.map((entry) => ({
        version: entry.version,
        dataset: entry.dataset ? documentOf.get(entry.version) : null,
      })),
      version,
    ),
    pending: documents.some((document) => document.isPending),
  };
}
