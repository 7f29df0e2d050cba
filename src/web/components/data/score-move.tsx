import { Stack, Text } from '@mantine/core';
import { shareText } from '../../../shared/matching/words';
import type { EntryScoreMove } from '../../../shared/scores/moves';
import { formatChange } from '../../lib/change';
import { exactScore, formatScore } from '../../lib/format';
import { ScoreClassBadge } from './change-badge';

/** A score as shown, or why there is none, in words: never a bare dash. */
function scoreWords(score: number | null | undefined, version: string): string {
  if (score === undefined) return `not loaded in ${version}`;
  if (score === null) return `no score in ${version}`;
  return formatScore(score);
}

/** The same, exact, for a title or an export's reader. */
const exactWords = (score: number | null | undefined, version: string) =>
  score === undefined || score === null ? scoreWords(score, version) : exactScore(score);

/**
 * One indicator's score across two releases, for a list entry or a row of changes: the change
 * in per cent, both scores, the class and why; a split's successors each with its share and
 * score, and the share-weighted mix the change is computed against; the indicator scored in the
 * older release where it is another (a counterpart), or that it has none there.
 */
export function ScoreMoveCell({
  move,
  from,
  to,
  targetName,
}: {
  move: EntryScoreMove;
  from: string;
  to: string;
  /** A successor's name as the row shows it (its geography), by Dataset ID. */
  targetName?: (datasetId: number) => string;
}) {
  const { mix } = move;
  // Several datasets it became (a split): compared with their mix, each listed below.
  const several = mix !== null;
  const after =
    move.targets.length === 0
      ? `nothing in ${to}`
      : mix === null
        ? scoreWords(move.after, to)
        : mix.mix !== null
          ? `mix ${formatScore(mix.mix)}`
          : `no mix: ${mix.why}`;
  return (
    <Stack gap={2} title={`${exactWords(move.before, from)} → ${exactWords(move.after, to)}`}>
      {move.change.percent !== null && (
        <Text size="sm">
          {formatChange(move.change.percent)}
          {several ? ' against the share-weighted mix' : ''}
        </Text>
      )}
      <Text size="xs">
        {scoreWords(move.before, from)} → {after}
      </Text>
      <div>
        <ScoreClassBadge change={move.change} />
      </div>
      <Text size="xs" c="dimmed">
        {move.change.why}
      </Text>
      {move.beforeIndicatorId !== null && move.beforeIndicatorId !== move.indicatorId && (
        <Text size="xs" c="dimmed">
          In {from}: indicator {move.beforeIndicatorId}, its counterpart
        </Text>
      )}
      {several && (
        <Text size="xs" c="dimmed" component="div">
          {move.targets.map((target) => (
            <div key={target.datasetId}>
              {target.datasetId}
              {targetName ? ` ${targetName(target.datasetId)}` : ''}
              {target.share !== null ? ` ${shareText(target.share)}` : ''}:{' '}
              {scoreWords(target.score, to)}
            </div>
          ))}
        </Text>
      )}
    </Stack>
  );
}
