import { Progress, Stack, Text } from '@mantine/core';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { plural } from '../../../lib/format';
import { ReleaseBill } from '../../scores/components/release-bill';
import type { ScoreRow } from '../across-releases';
import type { useHistoryScores } from '../api/use-history-scores';
import { ScoreHistory } from './score-history';

interface HistoryScoresProps {
  base: string;
  indicatorIds: readonly number[];
  rows: readonly ScoreRow[];
  scores: ReturnType<typeof useHistoryScores>;
}

/**
 * The scores part of a dataset's history: the bill of each release not yet agreed to, stated
 * before anything loads; progress; then the scores side by side with their change and a chart.
 */
export function HistoryScores({ base, indicatorIds, rows, scores }: HistoryScoresProps) {
  const { consent, found, bill } = scores;
  if (indicatorIds.length === 0)
    return <Text c="dimmed">Choose indicators to see this dataset’s scores in each release.</Text>;
  const waiting = bill.releases;
  return (
    <Stack gap="sm">
      {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
      {waiting.length > 0 && (
        <ReleaseBill
          title={`Scores for ${plural(indicatorIds.length, 'indicator')} in ${plural(waiting.length, 'release')}`}
          bill={bill}
          partShown={scores.loaded > 0}
          loadLabel={
            waiting.length === 1 ? 'Load scores' : `Load scores for ${waiting.length} releases`
          }
          onLoad={consent.approve}
        />
      )}
      {scores.progress.fetching && (
        <Stack gap={4} role="status">
          <Text size="sm">
            Loading scores: {scores.loaded} of {plural(found.length, 'release')}
          </Text>
          <Progress value={(scores.loaded / found.length) * 100} aria-label="Loading scores" />
        </Stack>
      )}
      {scores.loaded > 0 && <ScoreHistory rows={rows} base={base} />}
    </Stack>
  );
}
