import { Progress, Stack, Text } from '@mantine/core';
import type { HistoryEntry, Usage } from '../../../../shared/api/schemas';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { ReleaseBill } from '../../../components/feedback/release-bill';
import { plural } from '../../../lib/format';
import { historyBill, type ScoreRow } from '../across-releases';
import type { useHistoryScores } from '../api/use-history-scores';
import { ScoreHistory } from './score-history';

interface HistoryScoresProps {
  base: string;
  entries: readonly HistoryEntry[];
  indicatorIds: readonly number[];
  rows: readonly ScoreRow[];
  scores: ReturnType<typeof useHistoryScores>;
  /** What the proxy has counted this period; undefined while it is not known. */
  charged: Usage['charged'] | undefined;
}

/**
 * The scores part of a dataset's history: the bill of each release not yet agreed to, stated
 * before anything loads; progress; then the scores side by side with their change and a chart.
 */
export function HistoryScores({
  base,
  entries,
  indicatorIds,
  rows,
  scores,
  charged,
}: HistoryScoresProps) {
  const { consent, found } = scores;
  if (indicatorIds.length === 0)
    return <Text c="dimmed">Choose indicators to see this dataset’s scores in each release.</Text>;
  const bill = historyBill(entries, indicatorIds, charged);
  const waiting = bill.releases.filter((_, i) => consent.covered[i] !== true);
  const newIds = new Set(waiting.filter((line) => line.newDataset).map((line) => line.id));
  return (
    <Stack gap="sm">
      {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
      {waiting.length > 0 && (
        <ReleaseBill
          title={`Scores for ${plural(indicatorIds.length, 'indicator')} in ${plural(waiting.length, 'release')}`}
          releases={waiting.map((line) => ({
            version: line.version,
            datasets: 1,
            unseen: line.newDataset ? 1 : 0,
          }))}
          newDatasets={newIds.size}
          newIndicators={bill.newIndicators}
          newUser={charged?.user !== true}
          partShown={scores.loaded > 0}
          loadLabel={
            waiting.length === 1 ? 'Load scores' : `Load scores for ${waiting.length} releases`
          }
          onLoad={consent.approve}
        />
      )}
      {scores.loading && (
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
