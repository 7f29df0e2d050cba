import { Skeleton } from '@mantine/core';
import type { Indicator } from '../../../../shared/api/schemas';
import { ScoreProgress } from '../../scores/components/score-progress';
import type { Comparison } from '../api/use-comparison';
import { CompareBill } from './compare-bill';

/**
 * Where the comparison's scores stand: on their way, waiting for a yes to their bill (once the
 * datasets are read and the indicators followed), or the datasets still being read.
 */
export function CompareProgress(props: {
  comparison: Comparison;
  indicators: readonly Indicator[];
  /** How many columns are asked for (some may not be in their release). */
  asked: number;
}) {
  const { comparison, indicators } = props;
  return (
    <>
      <ScoreProgress progress={comparison.progress} />
      {comparison.shownColumns.length > 0 &&
        indicators.length > 0 &&
        !comparison.consent.allowed &&
        !comparison.indicatorsPending &&
        !comparison.documentationPending && (
          <CompareBill comparison={comparison} indicators={indicators} />
        )}
      {comparison.documentationPending && props.asked > 0 && (
        <Skeleton h={240} aria-label="Loading datasets" />
      )}
    </>
  );
}
