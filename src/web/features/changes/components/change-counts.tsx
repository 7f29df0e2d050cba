import { Chip, Group, Text } from '@mantine/core';
import type { ChangesSummary } from '../../../../shared/api/schemas';
import { RELEASE_CHANGES, type ReleaseChange } from '../../../../shared/matching/verdict';
import { formatCount } from '../../../lib/format';

interface ChangeCountsProps {
  changes: ChangesSummary;
  /**
   * Each kind's count among the rows the other filters keep; the release's own counts when
   * none is set.
   */
  counts?: Readonly<Record<ReleaseChange, number>> | undefined;
  /** The change shown, or undefined for all. */
  value: ReleaseChange | undefined;
  onChange: (change: ReleaseChange | undefined) => void;
}

/**
 * How many datasets each kind of change touched, each a filter of the list below; with other
 * filters set, how many of the filtered datasets. Releases are compared by documentation, which
 * the sentence beside says: "unchanged" is never a verdict on scores. Those with documentation
 * unchanged are counted by the
 * proxy for the whole release only (the answer lists changed datasets alone), so under a filter
 * that count says it is the whole release's.
 */
export function ChangeCounts({ changes, counts, value, onChange }: ChangeCountsProps) {
  const shown = counts ?? changes.counts;
  return (
    <Group gap="xs" role="group" aria-label={`Changes from ${changes.from} to ${changes.to}`}>
      {RELEASE_CHANGES.map((change) => (
        <Chip
          key={change}
          checked={value === change}
          onChange={(checked) => onChange(checked ? change : undefined)}
          size="sm"
        >
          {change} ({formatCount(shown[change])})
        </Chip>
      ))}
      <Text size="sm" c="dimmed">
        {formatCount(changes.unchanged)} with documentation unchanged of{' '}
        {formatCount(changes.datasets.from)} in {changes.from}; {formatCount(changes.datasets.to)}{' '}
        in {changes.to}
        {counts && ' — in the whole release, not narrowed by the filters'}. Only documentation is
        compared: a dataset whose documentation is unchanged may still score differently.
      </Text>
    </Group>
  );
}
