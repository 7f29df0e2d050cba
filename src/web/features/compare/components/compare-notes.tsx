import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MAX_INDICATORS_PER_CALL } from '../../../../shared/api/routes';
import type { Indicator } from '../../../../shared/api/schemas';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import type { Comparison } from '../api/use-comparison';
import type { CompareColumns } from '../api/use-compare-columns';
import type { useColumnFates } from '../api/use-column-fates';
import { ColumnFateOffers } from './column-fates';
import { FollowedNote } from './followed-note';
import { LinkNotes } from './link-notes';
import { ReferenceNote } from './reference-note';

/** What keeps the page from comparing all that was asked: too many indicators, none, no dataset. */
function ChoiceNotes(props: {
  release: ReleaseRef;
  /** The indicators of the link, carried to the search. */
  ind: readonly number[];
  /** How many indicators match, and how many are shown. */
  wanted: number;
  shown: number;
  /** How many columns the link names. */
  columns: number;
  /** Chooses the headline indicators. */
  onHeadline: () => void;
}) {
  const { release } = props;
  return (
    <>
      {props.wanted > props.shown && (
        <Alert color="yellow" title="Not every indicator is shown">
          {props.wanted} indicators match; a comparison takes {MAX_INDICATORS_PER_CALL}. Choose a
          narrower theme or one indicator.
        </Alert>
      )}
      {props.columns === 0 && (
        <Text>
          No datasets yet. Add one by ID, or use “Compare” on a dataset page or a search result.{' '}
          <Anchor component={Link} to={paths.datasets(release, { ind: [...props.ind] })}>
            Search datasets
          </Anchor>
        </Text>
      )}
      {props.columns > 0 && props.shown === 0 && (
        <Alert color="blue" title="No indicators chosen">
          <Text size="sm">
            Pick indicators above, choose them in the{' '}
            <Anchor component={Link} to={paths.indicators(release)}>
              catalogue
            </Anchor>
            , or start from the headline set.
          </Text>
          <Button mt="xs" size="xs" variant="light" onClick={props.onHeadline}>
            Use the headline indicators
          </Button>
        </Alert>
      )}
    </>
  );
}

/**
 * Everything said between the controls and the table: what the link names that is not shown,
 * what keeps the page from comparing, a failed read, what became of columns missing or of an
 * older release, how the rows are followed to other releases, and the datasets' references.
 */
export function CompareNotes(props: {
  release: ReleaseRef;
  columns: CompareColumns;
  comparison: Comparison;
  fates: ReturnType<typeof useColumnFates>;
  indicators: readonly Indicator[];
  /** The indicators of the link, and how many match before the cap. */
  ind: readonly number[];
  wanted: number;
  /** The other releases the columns are of. */
  others: readonly ReleaseRef[];
  onHeadline: () => void;
}) {
  const { release, columns, comparison, indicators } = props;
  return (
    <>
      <LinkNotes
        shown={release}
        columns={columns.all}
        unreadable={columns.unreadable}
        onShowHidden={() => columns.write([...columns.hidden, ...columns.shown])}
      />
      <ChoiceNotes
        release={release}
        ind={props.ind}
        wanted={props.wanted}
        shown={indicators.length}
        columns={columns.all.length}
        onHeadline={props.onHeadline}
      />
      {comparison.error !== undefined && (
        <ErrorPanel error={comparison.error} onRetry={comparison.retry} />
      )}
      <ColumnFateOffers fates={props.fates} columns={columns.all} onColumns={columns.write} />
      {indicators.length > 0 && (
        <FollowedNote
          shown={release}
          others={props.others}
          rows={indicators}
          followed={comparison.followed}
          failed={comparison.indicatorsFailed}
          onRetry={comparison.retryIndicators}
        />
      )}
      <ReferenceNote datasets={comparison.shownColumns.map((column) => column.dataset)} />
    </>
  );
}
