import { Button, CopyButton, Group, Text } from '@mantine/core';
import type { ChangeRow, Changes } from '../../../../shared/api/schemas';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { ExportButtons } from '../../../components/data/export-buttons';
import { formatCount, plural } from '../../../lib/format';
import { changedIds, changesExport, type ChangeFilter, type ChangeScores } from '../filter';

type Ready = Extract<Changes, { status: 'ready' }>;

/** How many changes the filters leave, and their IDs, link and exports. */
export function ChangesToolbar(props: {
  changes: Ready;
  /** The rows the filters leave. */
  rows: readonly ChangeRow[];
  filter: ChangeFilter;
  link: string;
  /** The scores the export carries, if any are shown. */
  scores: ChangeScores | undefined;
}) {
  const { changes, rows, link } = props;
  const ids = changedIds(rows);
  const filtered = rows.length !== changes.rows.length;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {filtered
          ? `${formatCount(rows.length)} of ${plural(changes.rows.length, 'changed dataset')}`
          : plural(changes.rows.length, 'changed dataset')}
      </Text>
      <Group gap="xs">
        <CopyButton value={ids.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" disabled={ids.length === 0} onClick={copy}>
              {copied ? `${plural(ids.length, 'ID')} copied` : 'Copy IDs'}
            </Button>
          )}
        </CopyButton>
        <CopyLinkButton link={link} />
        <ExportButtons
          file={`changes-${changes.from}-${changes.to}-${changes.system_model}`}
          disabled={rows.length === 0}
          build={() => changesExport(changes, rows, props.filter, link, props.scores)}
        />
      </Group>
    </Group>
  );
}
