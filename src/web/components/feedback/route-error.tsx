import { Anchor, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { ErrorPanel } from './error-panel';

/** A page that is not there: a mistyped link, or one from an older version of the explorer. */
export function NotFound() {
  return (
    <Stack maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>
        There is no page at this address. The link may be mistyped or from an older version of the
        explorer.
      </Text>
      <Anchor component={Link} to="/">
        Go to the latest release
      </Anchor>
    </Stack>
  );
}

/**
 * Each route's error boundary: what its loader or page could not get, and a retry that runs the
 * route's loaders again (a failed query is fetched anew, a cached one is not).
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel error={error} onRetry={() => void revalidator.revalidate()} />;
}
