import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { recentDatasets } from '../recent';

/** The datasets of this release this browser opened last, newest first; nothing if none. */
export function RecentDatasets({ release, ind }: { release: ReleaseRef; ind: number[] }) {
  const { version, systemModel } = release;
  const recent = recentDatasets().filter(
    (item) => item.version === version && item.systemModel === systemModel,
  );
  if (recent.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        Recently opened
      </Title>
      <Group gap="md">
        {recent.map((item) => (
          <Anchor
            key={item.id}
            component={Link}
            to={paths.dataset(release, item.id, { ind })}
            size="sm"
          >
            {item.activity} · {item.geography}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
