import { List, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { HistoryEntry } from '../../../../shared/api/schemas';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { plural } from '../../../lib/format';
import { counterpartSentence } from '../../scores/counterparts';
import { ReleaseBill } from '../../scores/components/release-bill';
import type { useHistoryIndicators } from '../api/use-history-indicators';
import { severalScored, type useHistoryScores } from '../api/use-history-scores';
import type { ScoreRow } from '../score-cells';
import { ScoreHistory } from './score-history';

interface HistoryScoresProps {
  base: string;
  systemModel: string;
  entries: readonly HistoryEntry[];
  /** The indicator IDs asked for, as links keep them. */
  ind: readonly number[];
  rows: readonly ScoreRow[];
  indicators: ReturnType<typeof useHistoryIndicators>;
  scores: ReturnType<typeof useHistoryScores>;
}

/** What became of each indicator asked for that the base release does not list, in a sentence. */
export function askedNotes(
  indicators: ReturnType<typeof useHistoryIndicators>,
  base: string,
): string[] {
  return indicators.followed.map(({ asked, release, indicator, counterpart }) => {
    if (!release || !indicator)
      return indicators.searched
        ? `Indicator ${asked} is in no catalogue of the releases compared; it is not scored.`
        : `Indicator ${asked} is not in ${base}: looking for it in the other releases…`;
    const named = `${asked} (${indicator.method} › ${indicator.category}, of ${release})`;
    if (!counterpart) return `${named} is not in ${base}: following it…`;
    const there = counterpart.counterpart;
    return there
      ? `${named} is not in ${base}: followed from ${release}’s catalogue, it is scored here as ${there.indicator.id} (${there.indicator.method} › ${there.indicator.category}; ${counterpartSentence(counterpart, base)}).`
      : `${named} is not in ${base}: ${counterpartSentence(counterpart, base)}; it is not scored.`;
  });
}

/**
 * The scores part of a dataset's history: what became of indicators the release does not list,
 * the bill of each release not yet agreed to (a split's every part said first), progress; then
 * the scores side by side, each release's with its class, and a chart.
 */
export function HistoryScores(props: HistoryScoresProps) {
  const { base, indicators, scores, rows } = props;
  const { consent, bill } = scores;
  const notes = askedNotes(indicators, base);
  const several = severalScored(props.entries, base);
  const waiting = bill.releases;
  return (
    <Stack gap="sm">
      {notes.length > 0 && (
        <List size="sm" aria-label={`Indicators not in ${base}`}>
          {notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
      {rows.length === 0 && (
        <Text c="dimmed">Choose indicators to see this dataset’s scores in each release.</Text>
      )}
      {indicators.error !== undefined && (
        <ErrorPanel error={indicators.error} onRetry={indicators.retry} />
      )}
      {rows.length > 0 && !indicators.ready && indicators.error === undefined && (
        <Skeleton h={40} aria-label="Following the indicators to each release" />
      )}
      {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
      {rows.length > 0 && waiting.length > 0 && (
        <ReleaseBill
          title={`Scores for ${plural(rows.length, 'indicator')} in ${plural(waiting.length, 'release')}`}
          note={
            several.length > 0
              ? several
                  .map((each) =>
                    each.change === 'split'
                      ? `In ${each.version} it was split: all ${plural(each.datasets, 'dataset')} it became are scored, and compared as their share-weighted mix.`
                      : `In ${each.version} it is one of ${plural(each.datasets, 'dataset')} merged into one: all are scored, beside the one followed.`,
                  )
                  .join(' ')
              : undefined
          }
          bill={bill}
          partShown={scores.releasesLoaded > 0}
          loadLabel={
            waiting.length === 1 ? 'Load scores' : `Load scores for ${waiting.length} releases`
          }
          onLoad={consent.approve}
        />
      )}
      {scores.progress.fetching && (
        <Stack gap={4} role="status">
          <Text size="sm">
            Loading scores: {scores.releasesLoaded} of {plural(scores.asks.length, 'release')}
          </Text>
          <Progress
            value={(scores.releasesLoaded / Math.max(1, scores.asks.length)) * 100}
            aria-label="Loading scores"
          />
        </Stack>
      )}
      {rows.length > 0 && scores.releasesLoaded > 0 && (
        <ScoreHistory rows={rows} base={base} systemModel={props.systemModel} ind={props.ind} />
      )}
    </Stack>
  );
}
