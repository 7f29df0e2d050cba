import { Badge } from '@mantine/core';
import type { UpgradeVerdict } from '../../../../shared/api/schemas';

/**
 * Light badges draw shade 9 on shade 1: teal, yellow and orange fall short of 4.5:1 there, so
 * none of them is used.
 */
const COLOUR: Record<UpgradeVerdict, string> = {
  unchanged: 'gray',
  'documentation changed': 'blue',
  'new ID': 'indigo',
  split: 'violet',
  merged: 'violet',
  'no certain successor': 'pink',
  removed: 'red',
  'not in source': 'dark',
  'several in source': 'grape',
};

export function VerdictBadge({ verdict }: { verdict: UpgradeVerdict }) {
  return (
    // Whole words: a narrow table column would otherwise cut "documentation changed".
    <Badge color={COLOUR[verdict]} variant="light" tt="none" miw="max-content">
      {verdict}
    </Badge>
  );
}
