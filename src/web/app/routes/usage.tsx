import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { Progress, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Charge } from '../../../shared/api/schemas';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { usageQueries } from '../../features/usage/api/get-usage';
import { formatCount, plural } from '../../lib/format';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { queryClientContext, startQuery, type LoaderContext } from '../route-context';

/** The usage, as fresh as its query allows (10 s): it changes with every charge. */
export function loader({ context }: LoaderContext) {
  startQuery(context.get(queryClientContext), usageQueries.current());
  return null;
}

export const ErrorBoundary = RouteError;

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

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "2 datasets (8279, 2989)": a count, and the IDs when there are few enough to read. */
function ids(count: number, noun: string, list: readonly number[]) {
  if (count === 0) return undefined;
  const shown = list.slice(0, 12).join(', ');
  return `${plural(count, noun)} (${shown}${list.length > 12 ? ', …' : ''})`;
}

function ChargeRow({ charge }: { charge: Charge }) {
  const added = [
    ids(charge.datasets.length, 'dataset', charge.datasets),
    charge.maybe &&
      `up to ${charge.maybe.count} of ${ids(charge.maybe.datasets.length, 'dataset', charge.maybe.datasets) ?? ''} (no answer came, so which is not known)`,
    ids(charge.indicators.length, 'indicator', charge.indicators),
    charge.newUser && (charge.mine ? 'you as a user' : 'a new user'),
  ].filter(Boolean);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(charge.at))}</Table.Td>
      <Table.Td>{charge.mine ? 'You' : `User ${charge.user}`}</Table.Td>
      <Table.Td>{added.join('; ')}</Table.Td>
    </Table.Tr>
  );
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** `/usage`: what this licence period has been charged for, as the proxy counted it, call by call. */
export function Component() {
  const usage = usePageData(usageQueries.current());
  const [onlyMine, setOnlyMine] = useState(false);
  usePageTitle('Usage');
  if (!usage) return <PageSkeleton />;
  // Only admins get colleagues' charges; everyone else gets their own.
  const admin = usage.viewer.admin;
  const mine = usage.charges.filter((charge) => charge.mine);
  const charges = onlyMine || !admin ? mine : usage.charges;
  const myDatasets = new Set(mine.flatMap((charge) => charge.datasets)).size;
  const myIndicators = new Set(mine.flatMap((charge) => charge.indicators)).size;
  const { pending, maybe } = usage;
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode calls={[apiCall('usage')]} />
        <Title order={1}>Usage</Title>
        <Text c="dimmed">
          The data service bills each licence period by unique datasets and indicators fetched with
          scores, and by unique users. Documentation and search are free.
        </Text>
      </div>
      <Text>
        Period {usage.period} ({day.format(new Date(usage.period_start))} to{' '}
        {day.format(new Date(usage.period_end))}), everyone’s requests
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Meter label="Datasets with scores" used={usage.datasets} budget={usage.budget.datasets} />
        <Meter label="Indicators" used={usage.indicators} budget={usage.budget.indicators} />
        <Meter label="Users" used={usage.users} budget={null} />
      </SimpleGrid>
      {maybe.count > 0 && (
        <Text size="sm">
          {plural(maybe.count, 'dataset')} of these may not have been charged: requests whose answer
          never came asked for {maybe.datasets.length}, and at most {maybe.count} of them could be
          charged. They count in full against the budget.
        </Text>
      )}
      {pending.calls > 0 && (
        <Text size="sm">
          Pending: {plural(pending.calls, 'request')} not settled yet may still add up to{' '}
          {plural(pending.count, 'dataset')} and {plural(pending.indicators.length, 'indicator')};
          they already count against the budget.
        </Text>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          What each request added
        </Title>
        <Text size="sm">
          {mine.length === 0
            ? 'Your requests have added nothing to this period’s bill.'
            : `Your requests added ${plural(myDatasets, 'dataset')} and ${plural(myIndicators, 'indicator')} to this period’s bill.`}{' '}
          {admin
            ? 'As an admin you see everyone’s requests; other users are shown by an anonymous label.'
            : 'Only your own requests are listed here; the totals above are everyone’s.'}
        </Text>
        {admin && (
          <Switch
            label="Only my requests"
            checked={onlyMine}
            onChange={(event) => setOnlyMine(event.currentTarget.checked)}
          />
        )}
        {charges.length === 0 ? (
          <Text c="dimmed">Nothing charged yet this period.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table aria-label="Charges this period" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">Added to the bill</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {charges.map((charge, index) => (
                  <ChargeRow key={`${charge.at}-${index}`} charge={charge} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
