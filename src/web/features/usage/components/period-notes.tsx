import { Text } from '@mantine/core';
import type { Usage } from '../../../../shared/api/schemas';
import { plural } from '../../../lib/format';
import { askedInSeveralReleases } from '../charges';
import { LostCharges } from './lost-charges';
import { Named } from './named';

/**
 * What the totals hold that the list does not show plainly: datasets asked for in several
 * releases, charges lost, unconfirmed and pending ones.
 */
export function PeriodNotes({ usage }: { usage: Usage }) {
  const { pending, maybe } = usage;
  const again = askedInSeveralReleases(usage);
  return (
    <>
      {again.datasets.length > 0 && (
        <Text size="sm">
          Asked for in more than one release:{' '}
          <Named
            noun="dataset"
            list={again.datasets.map((dataset) => dataset.id)}
            name={(id) => {
              const releases = again.datasets.find((dataset) => dataset.id === id)?.releases;
              return releases && `(${releases.join(', ')})`;
            }}
          />
          . The data service counts Dataset IDs, and its documents do not say whether it bills an ID
          again when asked for in another release: if it does, up to {plural(again.upTo, 'dataset')}{' '}
          more than the total above are charged.
        </Text>
      )}
      <LostCharges lost={usage.lost} />
      {maybe.count > 0 && (
        <Text size="sm">
          Unconfirmed: {plural(maybe.count, 'dataset')} of these may not have been charged: requests
          whose answer never came asked for {maybe.datasets.length}, and at most {maybe.count} of
          them could be charged. They count in full against the budget.
        </Text>
      )}
      {pending.calls > 0 && (
        <Text size="sm">
          Pending: {plural(pending.calls, 'request')} not settled yet may still add up to{' '}
          {plural(pending.count, 'dataset')} and {plural(pending.indicators.length, 'indicator')};
          they already count against the budget and are not listed below until settled.
        </Text>
      )}
    </>
  );
}
