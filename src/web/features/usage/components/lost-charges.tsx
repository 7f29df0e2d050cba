import { Text } from '@mantine/core';
import type { Usage } from '../../../../shared/api/schemas';
import { plural } from '../../../lib/format';

/**
 * What the usage ledger lost and an operator confirmed (`ledger:confirm -- --yes`): billed by
 * the data service and counted in the totals and the budget, but with nothing left to list. The
 * page said 0 charged while the budget refused for these; now the totals add them and say why
 * they are not itemised.
 */
export function LostCharges({ lost }: { lost: Usage['lost'] }) {
  if (lost.datasets + lost.indicators + lost.users === 0) return null;
  return (
    <Text size="sm">
      Lost from the ledger: {plural(lost.datasets, 'dataset')},{' '}
      {plural(lost.indicators, 'indicator')} and {plural(lost.users, 'user')} of these were billed
      by the data service, but the usage ledger lost which they were and when (an operator confirmed
      the loss). They count against the budget and are not listed below; asking for one of them
      again may count it again.
    </Text>
  );
}
