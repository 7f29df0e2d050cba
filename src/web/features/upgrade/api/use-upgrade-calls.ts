import { useQuery } from '@tanstack/react-query';
import type { ListEntry } from '../../../../shared/api/routes';
import type { ApiCall } from '../../../../shared/api/calls';
import type { ReleaseRef } from '../../../config/routes';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { counterpartsById, followedIndicators } from '../../scores/counterparts';
import { upgradeCalls } from '../code-calls';
import { checkQuery } from './upgrade-queries';

/**
 * "Copy as code" of the page: the check of the list submitted and, from the answers the results
 * asked for (never asked from here), the scored calls for the indicators picked.
 */
export function useUpgradeCalls(input: {
  release: ReleaseRef;
  /** The release the list comes from; undefined or not usable: no call. */
  from: string | undefined;
  usable: boolean;
  submitted: readonly ListEntry[] | undefined;
  chosen: ReadonlyMap<number, number>;
  /** The indicators picked, by ID in this release. */
  ind: readonly number[];
}): ApiCall[] {
  const { release, from, usable, submitted, chosen, ind } = input;
  // The check's answer as the verdicts below have it (never asked from here), for the scored
  // calls "Copy as code" adds to the check.
  const checked = useQuery({
    ...checkQuery(release, from ?? '', submitted ?? []),
    enabled: false,
  });
  // The indicators' counterparts in the older release, as the results below asked for them.
  const counterparts = useQuery({
    ...counterpartQueries.between(release, from ?? ''),
    enabled: false,
  });
  const followed = counterparts.data
    ? followedIndicators(
        ind.filter((id) => counterpartsById(counterparts.data).has(id)),
        counterparts.data,
      )
    : undefined;
  return submitted && from && usable
    ? upgradeCalls({
        release,
        from,
        entries: submitted,
        check: checked.data?.status === 'ready' ? checked.data : undefined,
        chosen,
        followed,
      })
    : [];
}
