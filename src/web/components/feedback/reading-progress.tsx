import { Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../lib/format';

interface ReadingProgressProps {
  /** How far the proxy has got reading the releases a page needs (its 202 answers). */
  progress: { done: number; total: number };
  /** What is being read, e.g. "3.11 and 3.12". */
  what: string;
}

/**
 * The first time a pair of releases is compared, the proxy reads every dataset's documentation
 * (free, a few hundred calls, some seconds); this says how far it has got.
 */
export function ReadingProgress({ progress, what }: ReadingProgressProps) {
  const share = progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {progress.total > 0
          ? `Reading ${what}: ${formatCount(progress.done)} of ${formatCount(progress.total)} datasets`
          : `Listing the datasets of ${what}…`}
      </Text>
      <Progress value={share} aria-label={`Reading ${what}`} />
    </Stack>
  );
}
