import { Text, Title } from '@mantine/core';
import type { ApiCall } from '../../../../shared/api/calls';
import { CopyAsCode } from '../../../components/code/copy-as-code';
import type { ReleaseRef } from '../../../config/routes';

/** The page's title, what it does in a sentence, and the calls a script would make for it. */
export function UpgradeHeader({ release, calls }: { release: ReleaseRef; calls: ApiCall[] }) {
  return (
    <div>
      <CopyAsCode calls={calls} />
      <Title order={1}>Upgrade check</Title>
      <Text c="dimmed">
        What became of a list of datasets from an older release in {release.version} ·{' '}
        {release.systemModel}: documentation unchanged or changed, moved, renamed, re-identified,
        split, merged, or gone. Free; scores only if you ask for them, each change with its class.
      </Text>
    </div>
  );
}
