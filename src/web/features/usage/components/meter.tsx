import { Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

/** One of the bill's three counts, with its budget where one is set. */
export function Meter({
  label,
  used,
  budget,
}: {
  label: string;
  used: number;
  budget: number | null;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{label}</Text>
      <Text size="xl">{formatCount(used)}</Text>
      {budget !== null ? (
        <>
          <Progress
            value={Math.min(100, (used / Math.max(1, budget)) * 100)}
            aria-label={`${label}: ${used} of ${budget}`}
          />
          <Text size="sm" c="dimmed">
            {formatCount(Math.max(0, budget - used))} left of a budget of {formatCount(budget)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No budget set
        </Text>
      )}
    </Stack>
  );
}
