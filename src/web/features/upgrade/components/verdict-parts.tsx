import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DatasetRef, UpgradeResult } from '../../../../shared/api/schemas';
import { shareText } from '../../../../shared/matching/words';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';

/** A dataset of either side of an entry: its ID linked (with the indicator set), its names. */
export function Dataset({
  dataset,
  version,
  systemModel,
  ind,
  share,
}: {
  dataset: DatasetRef;
  version: string;
  systemModel: string;
  ind: readonly number[];
  share?: number | null;
}) {
  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={paths.dataset({ version, systemModel }, dataset.id, { ind })}
        size="sm"
      >
        {dataset.id}
      </Anchor>
      <Text size="xs">
        <OrMissing value={dataset.activity} /> · <OrMissing value={dataset.product} /> ·{' '}
        <OrMissing value={dataset.geography} />
        {share !== undefined && share !== null ? ` · share ${shareText(share)}` : ''}
      </Text>
    </Stack>
  );
}

/** Why the newer side of a row holds no dataset, in words: never a bare dash. */
export function noTarget(result: UpgradeResult, from: string, to: string): string {
  switch (result.change) {
    case 'not in source':
      return `— not in ${from}: nothing in ${from} matches the line.`;
    case 'several in source':
      return `— the line names ${result.candidates.length} datasets of ${from}: give one Dataset ID to check it.`;
    case 'removed':
      return `— removed: no dataset of ${to} is near it.`;
    default:
      return `— no certain successor in ${to}: choose one below, or leave it out.`;
  }
}
