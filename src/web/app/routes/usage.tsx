import { Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { usageQueries } from '../../features/usage/api/get-usage';
import { formatCount } from '../../lib/format';

function Meter({ label, used, budget }: { label: string; used: number; budget: number | null }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{label}</Text>
      <Text size="xl">{formatCount(used)}</Text>
      {budget !== null ? (
        <>
          <Progress
            value={Math.min(100, (used / Math.max(1, budget)) * 100)}
            aria-label={`${label}: ${used} of ${budget}`}
          />
          <Text size="sm" c="dimmed">
            {formatCount(Math.max(0, budget - used))} left of a budget of {formatCount(budget)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No budget set
        </Text>
      )}
    </Stack>
  );
}

/** `/usage`: what this licence period has been charged for, as the proxy counted it. */
export function UsageRoute() {
  const usage = useQuery(usageQueries.current());
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Usage</Title>
        <Text c="dimmed">
          The data service bills each licence period by unique datasets and indicators fetched with
          scores, and by unique users. Documentation and search are free.
        </Text>
      </div>
      {usage.isPending && <Skeleton h={120} />}
      {usage.isError && <ErrorPanel error={usage.error} onRetry={() => void usage.refetch()} />}
      {usage.data && (
        <>
          <Text>Period {usage.data.period}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Meter
              label="Datasets with scores"
              used={usage.data.datasets}
              budget={usage.data.budget.datasets}
            />
            <Meter
              label="Indicators"
              used={usage.data.indicators}
              budget={usage.data.budget.indicators}
            />
            <Meter label="Users" used={usage.data.users} budget={null} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
