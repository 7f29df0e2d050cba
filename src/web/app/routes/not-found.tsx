import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <Stack maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>
        There is no page at this address. The link may be mistyped or from an older version of the
        explorer.
      </Text>
      <Anchor component={Link} to={paths.home()}>
        Go to the latest release
      </Anchor>
    </Stack>
  );
}
