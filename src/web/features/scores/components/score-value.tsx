import { Text, Tooltip } from '@mantine/core';
import { exactScore, formatScore } from '../../../lib/format';
import { NO_SCORE, NO_SCORE_NOTE } from '../../../../shared/scores/no-score';

/**
 * A score as the explorer shows it: four significant digits, the exact value on hover; or, where
 * the data service gave none for the indicator, "No score" in words, never 0 or any number.
 */
export function ScoreValue({ score }: { score: number | null }) {
  if (score === null)
    return (
      <Text span c="dimmed" fs="italic" size="sm" title={NO_SCORE_NOTE}>
        {NO_SCORE}
      </Text>
    );
  return (
    <Tooltip label={`exact: ${exactScore(score)}`}>
      <span tabIndex={0} aria-label={`${formatScore(score)}, exactly ${exactScore(score)}`}>
        {formatScore(score)}
      </span>
    </Tooltip>
  );
}
