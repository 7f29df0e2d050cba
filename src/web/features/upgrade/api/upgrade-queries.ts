import { queryOptions } from '@tanstack/react-query';
import type { ListEntry } from '../../../../shared/api/routes';
import { textHash } from '../../../../shared/matching/dataset-doc';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';
import { whileReading } from '../../../lib/query-client';

/** A short key standing for a whole list in query keys, so 10 000 entries are not hashed on each render. */
function listKey(entries: readonly ListEntry[]): string {
  return textHash(JSON.stringify(entries)).toString(36);
}

export interface UpgradeCheckInput {
  version: string;
  systemModel: string;
  /** The release the list's IDs come from. */
  from: string;
  entries: readonly ListEntry[];
  /** `listKey(entries)`. */
  listKey: string;
}

/** Dataset IDs of a list looked up to tell which release it fits: a handful, spread over it. */
const FIT_SAMPLE = 10;

/** Up to FIT_SAMPLE of a list's Dataset IDs, evenly spread, so the look-up stays a few calls. */
export function fitSample(entries: readonly ListEntry[]): number[] {
  const ids = entries.flatMap((entry) => (entry.kind === 'id' ? [entry.id] : []));
  if (ids.length <= FIT_SAMPLE) return ids;
  return Array.from(
    { length: FIT_SAMPLE },
    (_, i) => ids[Math.floor((i * ids.length) / FIT_SAMPLE)] ?? 0,
  );
}

export const upgradeQueries = {
  /**
   * Which releases of the licence hold each of a few of the list's Dataset IDs (free: the proxy
   * answers from its cache of documentation calls).
   */
  fit: (ids: readonly number[]) =>
    queryOptions({
      queryKey: ['upgrade', 'fit', ids],
      queryFn: ({ signal }) =>
        Promise.all(
          ids.map((id) => callApi('datasetReleases', { params: { id }, query: {}, signal })),
        ),
      staleTime: 5 * 60_000,
    }),
  /** The verdicts (free); asked again while the proxy reads the two releases. */
  check: ({ entries, ...input }: UpgradeCheckInput) =>
    // `listKey` stands for the entries: hashing 10 000 of them on every render is what it saves.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: ['upgrade', 'check', input.version, input.systemModel, input.from, input.listKey],
      queryFn: ({ signal }) =>
        callApi('upgradeCheck', {
          query: { ...releaseWire(input), from: input.from },
          body: { entries: [...entries] },
          signal,
        }),
      staleTime: Infinity,
      refetchInterval: whileReading,
    }),
};

/** The check of a list from an older release against this one, as the page asks it. */
export const checkQuery = (release: ReleaseRef, from: string, entries: readonly ListEntry[]) =>
  upgradeQueries.check({ ...release, from, entries, listKey: listKey(entries) });
