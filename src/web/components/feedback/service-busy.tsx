import { Alert } from '@mantine/core';
import { useIsFetching, type Query } from '@tanstack/react-query';
import { isServiceBusy } from '../../lib/query-client';

/** Whether a query is being asked again because the data service said it was busy. */
const retryingWhileBusy = (query: Query) => isServiceBusy(query.state.fetchFailureReason);

/**
 * While any page's data waits for a busy data service (it answered 429 or 503 and the proxy
 * passed on its Retry-After), a note says so instead of an error: the query is asked again by
 * itself (lib/query-client.ts), and the page fills in when the service answers.
 */
export function ServiceBusy() {
  const waiting = useIsFetching({ predicate: retryingWhileBusy });
  if (waiting === 0) return null;
  return (
    <Alert color="yellow" title="The data service is busy, retrying" role="status" mb="md">
      It asked the explorer to wait a moment. The page fills in by itself when it answers.
    </Alert>
  );
}
