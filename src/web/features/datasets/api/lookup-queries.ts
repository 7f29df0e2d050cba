import type { LookupKey } from '../../../../shared/lookup';
import type { Dataset, DatasetPage } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { datasetQueries } from './dataset-queries';

/** The data service offers no lookup by Spold UUID (the proxy says so with this code). */
export const noLookup = (error: unknown) =>
  error instanceof ApiError && error.code === 'spold_lookup_unavailable';

/** A UUID is tried as an activity, product and geography UUID; a file name as both of its own. */
export const spoldUuids = (
  key: LookupKey,
): { activity?: string; product?: string; geography?: string }[] =>
  key.kind === 'uuid'
    ? [{ activity: key.uuid }, { product: key.uuid }, { geography: key.uuid }]
    : key.kind === 'spold-file'
      ? [{ activity: key.activityUuid, product: key.productUuid }]
      : [];

export function lookupQueries(release: ReleaseRef, key: LookupKey) {
  // No match is an empty page, so each of the three kinds a UUID is tried as is a plain answer.
  return spoldUuids(key).map((ids) => datasetQueries.spold(release, ids));
}

/** A lookup the data service answered with only the first page of its matches. */
export interface CutLookup {
  kind: 'activity' | 'product' | 'geography';
  total: number;
  sent: number;
  first: Dataset | undefined;
}

/**
 * The lookups' answers together: every dataset matched once, in the order a reader scans them
 * (by activity, then geography); the largest total any lookup gave; the lookups that were cut.
 */
export function lookupMatches(key: LookupKey, answers: readonly (DatasetPage | undefined)[]) {
  const matches = new Map<number, Dataset>();
  for (const answer of answers)
    for (const dataset of answer?.datasets ?? []) matches.set(dataset.id, dataset);
  const found = [...matches.values()].sort(
    (a, b) =>
      (a.activity ?? '').localeCompare(b.activity ?? '') ||
      (a.geography ?? '').localeCompare(b.geography ?? '') ||
      a.id - b.id,
  );
  // The service sends at most a page of matches with their total: a larger total was cut.
  const total = Math.max(found.length, ...answers.map((answer) => answer?.total ?? 0));
  const kinds = spoldUuids(key);
  const cut = answers.flatMap((data, i): CutLookup[] => {
    const ids = kinds[i];
    if (!data || !ids || data.total <= data.datasets.length) return [];
    const kind = ids.geography ? 'geography' : ids.activity ? 'activity' : 'product';
    return [{ kind, total: data.total, sent: data.datasets.length, first: data.datasets[0] }];
  });
  return { found, total, cut };
}
