import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../config/theme';
import { ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { ErrorPanel } from './error-panel';
import { ServiceBusy } from './service-busy';

/** The proxy's answer when the data service stays busy past what it waits itself. */
const busy = () =>
  new ApiError(503, 'upstream_busy', 'The data service is busy (HTTP 429).', {
    retryAfterSeconds: 1,
  });

/** A page whose data comes after `failures` busy answers, with the app's own retry policy. */
function Page({ answers }: { answers: (() => string)[] }) {
  const query = useQuery(
    queryOptions({
      queryKey: ['page'],
      queryFn: async () => (answers.shift() ?? (() => 'the data'))(),
    }),
  );
  if (query.isError) return <ErrorPanel error={query.error} />;
  return <p>{query.data ?? 'Loading'}</p>;
}

function renderPage(answers: (() => string)[]) {
  const client = createQueryClient();
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <ServiceBusy />
        <Page answers={answers} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

const fail = (error: ApiError) => () => {
  throw error;
};

describe('a busy data service', () => {
  it('says it is busy and retrying instead of an error, and the page fills in when it answers', async () => {
    renderPage([fail(busy())]);
    // Waits: the query is asked again after the one second the service asked for.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The data service is busy, retrying',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('the data', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('The data service is busy, retrying')).toBeNull();
  });

  it('never asks again an answer the proxy could not trust, and says why nothing is shown', async () => {
    const untrusted = new ApiError(502, 'upstream_paging', 'Its pages do not add up.');
    renderPage([fail(untrusted), () => 'a second answer that must not be asked for']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing is shown rather than something incomplete.',
    );
    expect(screen.queryByText('a second answer that must not be asked for')).toBeNull();
  });

  it('asks again, after its wait, what the explorer’s own server was too busy to work out', async () => {
    const serverBusy = new ApiError(429, 'local_work_busy', 'Working out other large answers.', {
      retryAfterSeconds: 1,
    });
    renderPage([fail(serverBusy)]);
    expect(await screen.findByText('the data', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
