import { SimpleGrid, Stack, Text, Title, Group } from '@mantine/core';
import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { searches } from '../../config/routes';
import { usageQueries } from '../../features/usage/api/get-usage';
import { filterCharges, usageExport } from '../../features/usage/charges';
import { ChargeFilters } from '../../features/usage/components/charge-filters';
import { ChargesTable } from '../../features/usage/components/charges-table';
import { Meter } from '../../features/usage/components/meter';
import { PeriodNotes } from '../../features/usage/components/period-notes';
import { formatCount, plural } from '../../lib/format';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { usePhone } from '../../lib/screen';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { startQuery, type LoaderContext, loaderInput } from '../route-context';
import { useChargeNames } from './usage/use-charge-names';

/** The usage, as fresh as its query allows (10 s): it changes with every charge. */
export function loader(args: LoaderContext) {
  startQuery(loaderInput(args).queryClient, usageQueries.current());
  return null;
}

export const ErrorBoundary = RouteError;

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * `/usage?user=&dataset=&release=`: what this licence period has been charged for, as the proxy
 * counted it, call by call, with the names of what each added and where it came from.
 */
export function Component() {
  const usage = usePageData(usageQueries.current());
  const [search, update] = useRouteSearch(searches.usage);
  const link = useShownLink(searches.usage, undefined);
  const admin = usage?.viewer.admin ?? false;
  // Only admins get colleagues' charges; everyone else gets their own.
  const filter = {
    user: admin ? search.user : '',
    dataset: search.dataset,
    release: search.release,
  };
  const charges = usage ? filterCharges(usage.charges, filter) : [];
  const names = useChargeNames(charges);
  const phone = usePhone();
  usePageTitle('Usage');
  if (!usage) return <PageSkeleton />;
  const mine = usage.charges.filter((charge) => charge.mine);
  const myDatasets = new Set(mine.flatMap((charge) => charge.datasets)).size;
  const myIndicators = new Set(mine.flatMap((charge) => charge.indicators)).size;
  const start = day.format(new Date(usage.period_start));
  const end = day.format(new Date(usage.period_end));
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
        Licence period {start} to {end}, everyone’s requests
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Meter label="Datasets with scores" used={usage.datasets} budget={usage.budget.datasets} />
        <Meter label="Indicators" used={usage.indicators} budget={usage.budget.indicators} />
        <Meter label="Users" used={usage.users} budget={null} />
      </SimpleGrid>
      <PeriodNotes usage={usage} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          What each request added
        </Title>
        {usage.charges_total > usage.charges.length && (
          <Text size="sm" fw={500}>
            Listed: the newest {formatCount(usage.charges.length)} of{' '}
            {plural(usage.charges_total, 'request')} this period. The totals above count all of
            them; the list below, what it says you added and its export hold only those listed.
          </Text>
        )}
        <Text size="sm">
          {mine.length === 0
            ? 'Your requests have added nothing to this period’s bill.'
            : `Your requests added ${plural(myDatasets, 'dataset')} and ${plural(myIndicators, 'indicator')} to this period’s bill.`}{' '}
          {admin
            ? 'As an admin you see everyone’s requests; other users are shown by an anonymous label.'
            : 'Only your own requests are listed here; the totals above are everyone’s.'}
        </Text>
        <ChargeFilters charges={usage.charges} admin={admin} search={search} update={update} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {charges.length === usage.charges.length
              ? plural(charges.length, 'request')
              : `${formatCount(charges.length)} of ${plural(usage.charges.length, 'request')}`}
          </Text>
          <Group gap="xs">
            <CopyLinkButton link={link} />
            <ExportButtons
              file={`usage-${usage.period_start}-to-${usage.period_end}`}
              disabled={charges.length === 0}
              build={() => usageExport(usage, charges, filter, names, link)}
            />
          </Group>
        </Group>
        {charges.length === 0 ? (
          <Text c="dimmed">
            {usage.charges.length === 0
              ? 'Nothing charged yet this period.'
              : 'No request matches these filters.'}
          </Text>
        ) : (
          <ChargesTable charges={charges} names={names} phone={phone} />
        )}
      </Stack>
    </Stack>
  );
}
