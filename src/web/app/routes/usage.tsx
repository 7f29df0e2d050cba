import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import {
  Anchor,
  Badge,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import type { Charge, Dataset, Indicator } from '../../../shared/api/schemas';
import { CopyLinkButton } from '../../components/data/copy-link-button';
import { ExportButtons } from '../../components/data/export-buttons';
import { searches } from '../../config/routes';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { scoreQueries } from '../../features/scores/api/score-queries';
import {
  askedInSeveralReleases,
  chargeChoices,
  chargeSource,
  filterCharges,
  chargeRelease,
  usageExport,
  type ChargeNames,
} from '../../features/usage/charges';
import { usePhone } from '../../lib/screen';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { usageQueries } from '../../features/usage/api/get-usage';
import { LostCharges } from '../../features/usage/components/lost-charges';
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

/** How many IDs a row names before the rest waits behind "and N more": a row stays readable. */
const LISTED = 12;

/**
 * "2 datasets: 8279 market for electricity, CH; 2989 …": a count, and the IDs with names; past
 * twelve, "and 42 more" shows the rest, so no charged ID is ever out of reach.
 */
function Named({
  noun,
  list,
  name,
}: {
  noun: string;
  list: readonly number[];
  name: (id: number) => string | undefined;
}) {
  const [all, setAll] = useState(false);
  const shown = (all ? list : list.slice(0, LISTED))
    .map((id) => {
      const known = name(id);
      return known ? `${id} ${known}` : String(id);
    })
    .join('; ');
  return (
    <>
      {plural(list.length, noun)}: {shown}
      {list.length > LISTED && !all && (
        <>
          ;{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setAll(true)}>
            and {formatCount(list.length - LISTED)} more
          </Anchor>
        </>
      )}
    </>
  );
}

/** Parts of a sentence, "; " between them. */
function joined(parts: readonly ReactNode[]) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && '; '}
      {part}
    </Fragment>
  ));
}

function ChargeRow({
  charge,
  names,
  phone,
}: {
  charge: Charge;
  names: ChargeNames;
  phone: boolean;
}) {
  const release = chargeRelease(charge.release);
  const dataset = (id: number) => names.dataset(release, id);
  const added: ReactNode[] = [
    charge.datasets.length > 0 && <Named noun="dataset" list={charge.datasets} name={dataset} />,
    charge.indicators.length > 0 && (
      <Named
        noun="indicator"
        list={charge.indicators}
        name={(id) => names.indicator(release, id)}
      />
    ),
    charge.newUser && (charge.mine ? 'you as a user' : 'a new user'),
  ].filter(Boolean);
  const at = when.format(new Date(charge.at));
  const who = charge.mine ? 'You' : `User ${charge.user}`;
  const bill = (
    <>
      {joined(added)}
      {charge.maybe && (
        <Group gap={4} mt={added.length > 0 ? 4 : 0}>
          <Badge size="sm" color="orange" variant="light">
            Unconfirmed
          </Badge>
          <Text size="sm">
            <Named noun="dataset" list={charge.maybe.datasets} name={dataset} />: no answer came, so
            at most {charge.maybe.count} of them were charged, which is not known
          </Text>
        </Group>
      )}
    </>
  );
  // On a phone one cell a request: when, who, from where and the release above what it added,
  // which five columns put off the screen.
  if (phone)
    return (
      <Table.Tr>
        <Table.Td>
          <Text size="xs" c="dimmed">
            {at} · {who} · {chargeSource(charge)} · {release || 'release not recorded'}
          </Text>
          <Text size="sm">{bill}</Text>
        </Table.Td>
      </Table.Tr>
    );
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{at}</Table.Td>
      <Table.Td>{who}</Table.Td>
      <Table.Td>{chargeSource(charge)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{release || 'not recorded'}</Table.Td>
      <Table.Td>{bill}</Table.Td>
    </Table.Tr>
  );
}

/** How many datasets of one release the page names (free documentation, 100 a call). */
const NAMED_PER_RELEASE = 500;

/**
 * The names of the charges' datasets and indicators, read free: each release's catalogue, and
 * its datasets' documentation in batches without indicators, cached as every page caches them.
 */
function useChargeNames(charges: readonly Charge[]): ChargeNames {
  const byRelease = new Map<string, { version: string; systemModel: string; ids: Set<number> }>();
  for (const charge of charges) {
    if (!charge.release) continue;
    const key = chargeRelease(charge.release);
    const entry = byRelease.get(key) ?? {
      version: charge.release.version,
      systemModel: charge.release.system_model,
      ids: new Set<number>(),
    };
    for (const id of [...charge.datasets, ...(charge.maybe?.datasets ?? [])])
      if (entry.ids.size < NAMED_PER_RELEASE) entry.ids.add(id);
    byRelease.set(key, entry);
  }
  const releases = [...byRelease];
  const catalogues = useQueries({
    queries: releases.map(([, r]) => ({
      ...indicatorQueries.list(r.version, r.systemModel),
      retry: false,
    })),
  });
  const documents = useQueries({
    queries: releases.flatMap(([, r]) =>
      scoreQueries
        .documentation(
          r,
          [...r.ids].sort((a, b) => a - b),
        )
        .map((query) => ({ ...query, retry: false })),
    ),
  });
  const indicators = new Map<string, Map<number, Indicator>>();
  releases.forEach(([key], i) => {
    const list = catalogues[i]?.data?.indicators ?? [];
    indicators.set(key, new Map(list.map((indicator) => [indicator.id, indicator])));
  });
  const calls = releases.flatMap(([key, r]) =>
    scoreQueries
      .documentation(
        r,
        [...r.ids].sort((a, b) => a - b),
      )
      .map(() => key),
  );
  const datasetOf = new Map<string, Dataset>();
  documents.forEach((answer, i) => {
    const key = calls[i];
    for (const dataset of answer.data?.datasets ?? [])
      datasetOf.set(`${key} ${dataset.id}`, dataset);
  });
  return {
    dataset: (release, id) => {
      const dataset = datasetOf.get(`${release} ${id}`);
      return dataset
        ? `${dataset.activity ?? 'no activity name'}, ${dataset.geography ?? 'no geography'}`
        : undefined;
    },
    indicator: (release, id) => {
      const indicator = indicators.get(release)?.get(id);
      return indicator
        ? `${indicator.method} › ${indicator.category} › ${indicator.indicator}`
        : undefined;
    },
  };
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * `/usage?user=&dataset=&release=`: what this licence period has been charged for, as the proxy
 * counted it, call by call, with the names of what each added and where it came from.
 */
export function Component() {
  const usage = usePageData(usageQueries.current());
  const [search, update] = useRouteSearch(searches.usage);
  // Typed text that is not an ID yet stays in the field; the URL holds the last ID typed.
  const [datasetText, setDatasetText] = useState(() =>
    search.dataset === undefined ? '' : String(search.dataset),
  );
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
  const choices = chargeChoices(usage.charges);
  const { pending, maybe } = usage;
  const again = askedInSeveralReleases(usage);
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
      {again.datasets.length > 0 && (
        <Text size="sm">
          Asked for in more than one release:{' '}
          <Named
            noun="dataset"
            list={again.datasets.map((dataset) => dataset.id)}
            name={(id) => {
              const releases = again.datasets.find((dataset) => dataset.id === id)?.releases;
              return releases && `(${releases.join(', ')})`;
            }}
          />
          . The data service counts Dataset IDs, and its documents do not say whether it bills an ID
          again when asked for in another release: if it does, up to {plural(again.upTo, 'dataset')}{' '}
          more than the total above are charged.
        </Text>
      )}
      <LostCharges lost={usage.lost} />
      {maybe.count > 0 && (
        <Text size="sm">
          Unconfirmed: {plural(maybe.count, 'dataset')} of these may not have been charged: requests
          whose answer never came asked for {maybe.datasets.length}, and at most {maybe.count} of
          them could be charged. They count in full against the budget.
        </Text>
      )}
      {pending.calls > 0 && (
        <Text size="sm">
          Pending: {plural(pending.calls, 'request')} not settled yet may still add up to{' '}
          {plural(pending.count, 'dataset')} and {plural(pending.indicators.length, 'indicator')};
          they already count against the budget and are not listed below until settled.
        </Text>
      )}
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
        <Group gap="sm" align="end">
          {admin && (
            <Select
              label="User"
              w={{ base: '100%', xs: 200 }}
              data={[
                { value: 'mine', label: 'You' },
                ...choices.users.map((user) => ({ value: user, label: `User ${user}` })),
              ]}
              value={search.user || null}
              placeholder="Everyone"
              clearable
              onChange={(value) => update({ user: value ?? '' }, { replace: true })}
            />
          )}
          <TextInput
            label="Dataset ID"
            w={{ base: '100%', xs: 160 }}
            inputMode="numeric"
            value={datasetText}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setDatasetText(text);
              const id = text.trim();
              update(
                { dataset: /^\d{1,10}$/.test(id) ? Number(id) : undefined },
                { replace: true },
              );
            }}
          />
          <Select
            label="For release"
            w={{ base: '100%', xs: 200 }}
            data={choices.releases}
            value={search.release || null}
            placeholder="Any release"
            clearable
            onChange={(value) => update({ release: value ?? '' }, { replace: true })}
          />
        </Group>
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
          <Table.ScrollContainer minWidth={phone ? 0 : 720} type="native">
            <Table aria-label="Charges this period" striped withTableBorder>
              <Table.Thead>
                {phone ? (
                  <Table.Tr>
                    <Table.Th scope="col">Request and what it added to the bill</Table.Th>
                  </Table.Tr>
                ) : (
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Who</Table.Th>
                    <Table.Th scope="col">From</Table.Th>
                    <Table.Th scope="col">Release</Table.Th>
                    <Table.Th scope="col">Added to the bill</Table.Th>
                  </Table.Tr>
                )}
              </Table.Thead>
              <Table.Tbody>
                {charges.map((charge, index) => (
                  <ChargeRow
                    key={`${charge.at}-${index}`}
                    charge={charge}
                    names={names}
                    phone={phone}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
