import { List } from '@mantine/core';
import type { Indicator, IndicatorCounterparts } from '../../../../shared/api/schemas';
import { counterpartSentence, counterpartsById, linkOf } from '../counterparts';

/**
 * The chosen indicators that are scored otherwise in the older release, each with what stands
 * for it there: a renamed category or a new method version with its ID, or no counterpart and
 * the nearest candidates. Those that are the same indicator there are not listed.
 */
export function CounterpartList({
  indicators,
  answer,
}: {
  indicators: readonly Indicator[];
  /** The counterparts route's answer, from the newer release `version` to the older `to`. */
  answer: IndicatorCounterparts;
}) {
  const byId = counterpartsById(answer);
  const elsewhere = indicators.filter(
    (indicator) => linkOf(byId.get(indicator.id), answer.to).kind !== 'same',
  );
  if (elsewhere.length === 0) return null;
  return (
    <List size="sm" aria-label={`The indicators in ${answer.to}`}>
      {elsewhere.map((indicator) => (
        <List.Item key={indicator.id}>
          {indicator.method} › {indicator.category} ({indicator.id}):{' '}
          {counterpartSentence(byId.get(indicator.id), answer.to)}
        </List.Item>
      ))}
    </List>
  );
}
