import { Alert, Button, Text } from '@mantine/core';
import { MAX_COMPARED, type ReleaseRef } from '../../../config/routes';
import { plural } from '../../../lib/format';
import { releaseName, sameRelease, type Column } from '../columns';

/**
 * What a comparison's link names that the table does not show, said rather than dropped: parts
 * it cannot read as a column, and columns past the MAX_COMPARED it shows at a time.
 */
export function LinkNotes(props: {
  shown: ReleaseRef;
  columns: readonly Column[];
  unreadable: readonly string[];
  onShowHidden: () => void;
}) {
  const { columns, unreadable } = props;
  const hidden = columns.slice(MAX_COMPARED);
  return (
    <>
      {unreadable.length > 0 && (
        <Alert color="yellow" title="Part of this link could not be read">
          <Text size="sm">
            {unreadable.map((token) => `“${token}”`).join(', ')}{' '}
            {unreadable.length === 1 ? 'is' : 'are'} neither a Dataset ID nor
            ID@version/system_model, so {unreadable.length === 1 ? 'it is' : 'they are'} not
            compared.
          </Text>
        </Alert>
      )}
      {hidden.length > 0 && (
        <Alert color="yellow" title={`${plural(hidden.length, 'dataset')} not shown`}>
          <Text size="sm">
            This link names {columns.length} datasets; a comparison shows {MAX_COMPARED} at a time.
            Not shown:{' '}
            {hidden
              .map((column) =>
                sameRelease(column.release, props.shown)
                  ? String(column.id)
                  : `${column.id} (${releaseName(column.release)})`,
              )
              .join(', ')}
            .
          </Text>
          <Button mt="xs" size="xs" variant="light" onClick={props.onShowHidden}>
            Show {hidden.length > MAX_COMPARED ? `the next ${MAX_COMPARED}` : 'those'} first
          </Button>
        </Alert>
      )}
    </>
  );
}
