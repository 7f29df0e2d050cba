import { Badge, Group, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { Charge } from '../../../../shared/api/schemas';
import { chargeRelease, chargeSource, type ChargeNames } from '../charges';
import { Named } from './named';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

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

/** The charges listed, a row each (one cell a row on a phone), newest first as the proxy lists them. */
export function ChargesTable({
  charges,
  names,
  phone,
}: {
  charges: readonly Charge[];
  names: ChargeNames;
  phone: boolean;
}) {
  return (
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
            <ChargeRow key={`${charge.at}-${index}`} charge={charge} names={names} phone={phone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
