import { Progress, Stack, Text } from '@mantine/core';
import { plural } from '../../../lib/format';

/**
 * Scores on their way: how many of the scored requests have answered. Nothing while none are
 * asked or once all have answered.
 */
export function ScoreProgress({ progress }: { progress: { done: number; calls: number } }) {
  if (progress.calls === 0 || progress.done >= progress.calls) return null;
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        Loading scores: {progress.done} of {plural(progress.calls, 'request')}
      </Text>
      <Progress value={(progress.done / progress.calls) * 100} aria-label="Loading scores" />
    </Stack>
  );
}
