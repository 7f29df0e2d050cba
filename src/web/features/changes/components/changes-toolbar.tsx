import { Button, CopyButton, Group, Text } from '@mantine/core';
import type { Changes, ChangesPage } from '../../../../shared/api/schemas';
import type { ChangeFilter } from '../../../../shared/changes-list';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { ExportButtons } from '../../../components/data/export-buttons';
import { formatCount, plural } from '../../../lib/format';
import { changesExport, type ChangeScores } from '../filter';

type PageReady = Extract<ChangesPage, { status: 'ready' }>;
type Ready = Extract<Changes, { status: 'ready' }>;

/** How many changes the filters leave, and their IDs, link and exports. */
export function ChangesToolbar(props: {
  /** The page shown: how many rows the filters keep, and their IDs. */
  changes: PageReady;
  filter: ChangeFilter;
  link: string;
  /** The scores the export carries, if any are shown. */
  scores: ChangeScores | undefined;
  /** The whole list, which an export filters as the page is filtered (read when asked for). */
  list: () => Promise<Ready>;
}) {
  const { changes, link } = props;
  const { ids, matching, total } = changes;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {matching !== total
          ? `${formatCount(matching)} of ${plural(total, 'changed dataset')}`
          : plural(total, 'changed dataset')}
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
          disabled={matching === 0}
          build={async () => changesExport(await props.list(), props.filter, link, props.scores)}
        />
      </Group>
    </Group>
  );
}
