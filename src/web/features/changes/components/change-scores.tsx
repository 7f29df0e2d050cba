import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { Indicator } from '../../../../shared/api/schemas';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { IndicatorPicker } from '../../../components/input/indicator-picker';
import { plural } from '../../../lib/format';
import { CounterpartList } from '../../scores/components/counterpart-list';
import { ReleaseBill } from '../../scores/components/release-bill';
import { ScoreProgress } from '../../scores/components/score-progress';
import type { useChangeScores } from '../api/use-change-scores';

interface ChangeScoresProps {
  from: string;
  to: string;
  /** The newer release's catalogue, to pick from. */
  catalogue: readonly Indicator[];
  /** The indicators picked, in the catalogue. */
  picked: readonly Indicator[];
  onIndicators: (ids: number[]) => void;
  /** How many rows are shown, and how many splits among them (all their parts are scored). */
  shown: number;
  splits: { splits: number; datasets: number };
  scores: ReturnType<typeof useChangeScores>;
  /** Whether the page offers scores at all (`?scores=on`), and a way to offer them. */
  offered: boolean;
  onOffer: () => void;
}

/**
 * Scores for the rows of changes shown, on request: the indicators picked, what each is in the
 * older release, the bill of each release (a split's every part counted, said first), progress.
 * The changes themselves compare documentation only; this is where the scores are compared.
 */
export function ChangeScores(props: ChangeScoresProps) {
  const { from, to, scores, picked } = props;
  if (!props.offered)
    return (
      <Button variant="default" size="xs" w="fit-content" onClick={props.onOffer}>
        Compare scores for the {plural(props.shown, 'row')} shown
      </Button>
    );
  const { counterparts, progress } = scores;
  return (
    <Stack gap="xs" component="section" aria-label="Scores of the rows shown">
      <Text size="sm">
        Scores in {from} and {to} for the {plural(props.shown, 'row')} shown, each change with its
        class: pick indicators.
      </Text>
      <IndicatorPicker
        indicators={props.catalogue}
        value={picked.map((indicator) => indicator.id)}
        onChange={props.onIndicators}
      />
      {counterparts.isError && (
        <ErrorPanel error={counterparts.error} onRetry={() => void counterparts.refetch()} />
      )}
      {picked.length > 0 && counterparts.isPending && (
        <Skeleton h={40} aria-label={`Following the indicators to ${from}`} />
      )}
      {counterparts.data && <CounterpartList indicators={picked} answer={counterparts.data} />}
      {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
      {scores.bill.releases.length > 0 && (
        <ReleaseBill
          title={`Scores for ${plural(picked.length, 'indicator')} in ${from} and ${to}`}
          note={
            props.splits.splits > 0
              ? `${plural(props.splits.splits, 'split')} among the rows shown: all ${plural(props.splits.datasets, 'dataset')} ${props.splits.splits === 1 ? 'it' : 'they'} became are scored, rows on other pages too, and each change is computed against the share-weighted mix.`
              : undefined
          }
          bill={scores.bill}
          partShown={scores.held}
          loadLabel="Load scores"
          onLoad={scores.consent.approve}
        />
      )}
      <ScoreProgress progress={progress} />
    </Stack>
  );
}
