import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError } from '../../lib/api-client';

/** What happened, and what the user can do about it, for any failed request. */
export function describeError(error: unknown): { title: string; message: string; retry: boolean } {
  if (!(error instanceof ApiError)) {
    return { title: 'Something went wrong', message: 'An unexpected error occurred.', retry: true };
  }
  switch (error.code) {
    case 'not_licensed':
    case 'forbidden':
      return { title: 'Not in your licence', message: error.message, retry: false };
    case 'budget_exhausted':
      return {
        title: 'The score budget is spent',
        message: `${error.message} Scores already charged this period stay available; documentation and search are free.`,
        retry: false,
      };
    case 'unauthorized':
    case 'invalid_token':
      return {
        title: 'Signed out',
        message: 'Your sign-in has ended. Reload the page to sign in again.',
        retry: false,
      };
    case 'validation_failed':
    case 'bad_request':
      // The explorer checks what people type before asking: the server's field paths would
      // tell a reader nothing.
      return {
        title: 'The explorer sent a request the server could not read',
        message: 'Reload the page; if it happens again, report it with the request ID below.',
        retry: false,
      };
    case 'not_found':
      return { title: 'Not found', message: error.message, retry: false };
    case 'rate_limited':
      return { title: 'Too many requests', message: error.message, retry: true };
    case 'upstream_busy':
      return { title: 'The data service is busy', message: error.message, retry: true };
    case 'local_work_busy':
      return { title: 'The explorer’s server is busy', message: error.message, retry: true };
    case 'upstream_shape':
    case 'upstream_paging':
      // Shown instead of an answer that could be wrong or cut short: asking again cannot help.
      return {
        title: 'The data service’s answer cannot be shown as it is',
        message: `${error.message} Nothing is shown rather than something incomplete.`,
        retry: false,
      };
    case 'upstream_auth_config':
      return {
        title: 'The explorer is misconfigured',
        message: `${error.message}. ${error.extra.hint ?? ''}`.trim(),
        retry: false,
      };
    case 'network_error':
      return { title: 'No connection', message: error.message, retry: true };
    default:
      return {
        title: error.status >= 500 ? 'The data service is unavailable' : 'Request failed',
        message: error.message,
        retry: error.status >= 500 || error.status === 0,
      };
  }
}

export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, message, retry } = describeError(error);
  const requestId = error instanceof ApiError ? error.extra.requestId : undefined;
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm">{message}</Text>
      {requestId && (
        <Text size="xs" c="dimmed" mt={4}>
          Request ID: {requestId}
        </Text>
      )}
      {retry && onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
