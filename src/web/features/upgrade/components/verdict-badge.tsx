import { Badge } from '@mantine/core';
import type { UpgradeVerdict } from '../../../../shared/api/schemas';

const COLOUR: Record<UpgradeVerdict, string> = {
  unchanged: 'gray',
  'documentation changed': 'blue',
  'new ID': 'teal',
  'several candidates': 'yellow',
  gone: 'red',
  'not in source': 'dark',
  'several in source': 'yellow',
};

export function VerdictBadge({ verdict }: { verdict: UpgradeVerdict }) {
  return (
    // Whole words: a narrow table column would otherwise cut "documentation changed".
    <Badge color={COLOUR[verdict]} variant="light" tt="none" miw="max-content">
      {verdict}
    </Badge>
  );
}
