import { useEffect } from 'react';
import { z } from 'zod/mini';
import type { Dataset } from '../../../shared/api/schemas';
import type { ReleaseRef } from '../../config/routes';

const KEY = 'lci-explorer:recent-datasets';
const RecentSchema = z.array(
  z.object({
    id: z.int(),
    activity: z.string(),
    geography: z.string(),
    version: z.string(),
    systemModel: z.string(),
  }),
);
export type RecentDataset = z.infer<typeof RecentSchema>[number];

/** The last datasets this browser opened, newest first. */
export function recentDatasets(): RecentDataset[] {
  try {
    const parsed = RecentSchema.safeParse(JSON.parse(window.localStorage.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function rememberDataset(entry: RecentDataset) {
  const list = [
    entry,
    ...recentDatasets().filter(
      (other) =>
        !(
          other.id === entry.id &&
          other.version === entry.version &&
          other.systemModel === entry.systemModel
        ),
    ),
  ].slice(0, 10);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage may be off: recent datasets are a convenience.
  }
}

/** Remembers a dataset once its documentation is in, for the release's overview to offer. */
export function useRememberDataset(dataset: Dataset | undefined, id: number, release: ReleaseRef) {
  const { version, systemModel } = release;
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
}
