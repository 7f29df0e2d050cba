import { Alert, Anchor, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { openApiQueries } from '../../features/api-access/api/get-openapi';
import { ApiLimits } from '../../features/api-access/components/api-limits';
import { OpenApiView } from '../../features/api-access/components/openapi-view';
import { TerminalSignIn } from '../../features/api-access/components/terminal-sign-in';
import { configQueries } from '../../features/auth/api/get-config';
import { usageQueries } from '../../features/usage/api/get-usage';
import { formatCount } from '../../lib/format';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';

export function loader(args: LoaderContext) {
  const { queryClient } = loaderInput(args);
  startQuery(queryClient, configQueries.public());
  startQuery(queryClient, openApiQueries.document());
  startQuery(queryClient, usageQueries.current());
  return null;
}

export const ErrorBoundary = RouteError;

const budget = (used: number, limit: number | null, noun: string) =>
  limit === null
    ? `no budget set for ${noun} (${formatCount(used)} charged so far)`
    : `${formatCount(Math.max(0, limit - used))} ${noun} left of a budget of ${formatCount(limit)}`;

/**
 * `/api-access`: how scripts and notebooks use the explorer's API as the signed-in user — the
 * sign-in from a terminal, the base URL, what costs, the limits, and the API itself, rendered
 * from the proxy's own OpenAPI document.
 */
export function Component() {
  const config = usePageData(configQueries.public());
  const document = useQuery(openApiQueries.document());
  const usage = useQuery(usageQueries.current());
  usePageTitle('API access');
  if (!config) return <PageSkeleton />;
  const origin = window.location.origin;
  const { limits } = config;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>API access</Title>
        <Text c="dimmed">
          Scripts and notebooks get the explorer’s data through the same API as this page, signed in
          as you: the same cache, limits, score budget and itemised usage. The data service’s own
          credentials never leave the explorer’s server.
        </Text>
      </div>

      <Stack gap="xs">
        <Title order={2} size="h3">
          Sign in from a terminal
        </Title>
        <TerminalSignIn auth={config.auth} origin={origin} />
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h3">
          Base URL
        </Title>
        <Text size="sm">
          <Code>{origin}/api</Code>, every call with{' '}
          <Code>Authorization: Bearer &lt;token&gt;</Code>; the API described at{' '}
          <Anchor href="/api/openapi.json" target="_blank">
            /api/openapi.json
          </Anchor>{' '}
          (OpenAPI 3). Errors are <Code>application/problem+json</Code> with a stable{' '}
          <Code>code</Code>.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h3">
          What costs
        </Title>
        <Text size="sm">
          The data service bills each licence period by unique datasets and indicators fetched with
          scores, and by unique users. A call costs only when it carries <Code>indicator_ids</Code>{' '}
          (<Code>GET /api/datasets/&#123;id&#125;</Code>, <Code>POST /api/datasets/batch</Code>),
          and only for what the period has not charged yet. Everything else is free: releases,
          indicators, search, documentation, what changed, upgrade checks, history.
        </Text>
        {usage.data ? (
          <Text size="sm">
            This period: {budget(usage.data.datasets, usage.data.budget.datasets, 'datasets')};{' '}
            {budget(usage.data.indicators, usage.data.budget.indicators, 'indicators')}. Past the
            budget, scored calls are refused with 403 <Code>budget_exhausted</Code>.
          </Text>
        ) : (
          <Skeleton h={20} />
        )}
      </Stack>

      <ApiLimits limits={limits} />

      <Stack gap="xs">
        <Title order={2} size="h3">
          The API
        </Title>
        {document.data ? (
          <OpenApiView document={document.data} />
        ) : document.isError ? (
          <Alert color="red">
            The API’s description could not be read: {document.error.message}
          </Alert>
        ) : (
          <Skeleton h={200} />
        )}
      </Stack>
    </Stack>
  );
}
