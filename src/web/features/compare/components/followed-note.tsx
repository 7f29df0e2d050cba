import { Alert, Button, List, Text } from '@mantine/core';
import type { Indicator } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { releaseKey } from '../../scores/planner';
import { followedText, releaseName, type Followed } from '../columns';
import { tableRows } from '../ranking';

/**
 * The rows' indicators in the columns' other releases, where they are not simply the same: the
 * counterpart each such column is scored on (marked † in the table) and how it was found, or
 * why a row has no score there. Said once above the table, as well as in each cell's label.
 */
export function FollowedNote(props: {
  shown: ReleaseRef;
  /** The columns' releases other than the page's. */
  others: readonly ReleaseRef[];
  rows: readonly Indicator[];
  followed: (release: ReleaseRef, indicatorId: number) => Followed | undefined;
  failed: Error | undefined;
  onRetry: () => void;
}) {
  const { shown, rows, followed } = props;
  const lines = props.others.flatMap((release) =>
    tableRows(rows).flatMap((row) => {
      const here = followed(release, row.id);
      if (here?.kind === 'same' || here?.kind === 'pending') return [];
      return [
        {
          key: `${releaseKey(release)}|${row.id}`,
          text: `${row.method} › ${row.category} › ${row.indicator} (${row.id}): ${followedText(here, release, shown)}`,
        },
      ];
    }),
  );
  const pending = props.others.filter((release) =>
    rows.some((row) => followed(release, row.id)?.kind === 'pending'),
  );
  if (lines.length === 0 && pending.length === 0) return null;
  return (
    <Alert
      color={props.failed ? 'red' : 'blue'}
      title={`Indicators in ${props.others.map(releaseName).join(', ')}`}
    >
      {pending.length > 0 && (
        <Text size="sm" role="status">
          Following the indicators of {releaseName(shown)} into{' '}
          {pending.map(releaseName).join(', ')}; their scores wait for it.
        </Text>
      )}
      {lines.length > 0 && (
        <>
          <Text size="sm">
            The rows are {releaseName(shown)}’s indicators. In another release a column is scored on
            each one’s counterpart there, marked †, or has no score and says why:
          </Text>
          {/* A long list scrolls, and the keyboard can reach it to scroll it. */}
          <List
            size="sm"
            spacing={2}
            mt={4}
            aria-label="Indicators followed into other releases"
            mah={200}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
          >
            {lines.map((line) => (
              <List.Item key={line.key}>{line.text}</List.Item>
            ))}
          </List>
        </>
      )}
      {props.failed && (
        <Button mt="xs" size="xs" variant="light" onClick={props.onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
