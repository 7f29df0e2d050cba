import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DatasetHistory } from '../../../../shared/api/schemas';
import type { MatchHow } from '../../../../shared/matching/match';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import { describeFields } from '../../../lib/doc-fields';

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

/** How each match was made, in words a reader can check (colours that keep 4.5:1 in light badges). */
const HOW: Record<MatchHow, { label: string; colour: string }> = {
  'same ID': { label: 'same Dataset ID', colour: 'gray' },
  'same UUIDs': { label: 'new ID, same Spold UUIDs', colour: 'indigo' },
  'same names': { label: 'new ID, same names', colour: 'indigo' },
  'likely successor': { label: 'likely successor', colour: 'grape' },
  'several candidates': { label: 'several candidates', colour: 'grape' },
  none: { label: 'not found', colour: 'red' },
};

/**
 * The dataset in every release of its system model: which dataset it is there, how it was
 * found, and what differs from the release being viewed; near datasets where none was found.
 * Each link keeps the indicator set `ind`.
 */
export function ReleaseMatches({ history, ind }: { history: Ready; ind: readonly number[] }) {
  const { system_model: systemModel } = history;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={4} aria-label={`Dataset ${history.id} across releases`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Release</Table.Th>
            <Table.Th>Found by</Table.Th>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Differs from {history.version}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.releases.map((entry) => (
            <Table.Tr
              key={entry.version}
              aria-current={entry.version === history.version ? 'true' : undefined}
            >
              <Table.Td>
                <Text fw={entry.version === history.version ? 700 : 400}>{entry.version}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={HOW[entry.how].colour} variant="light" tt="none" miw="max-content">
                  {HOW[entry.how].label}
                </Badge>
                {entry.relation && entry.how === 'likely successor' && (
                  <Text size="xs" c="dimmed">
                    {entry.relation}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {entry.dataset ? (
                  <Anchor
                    component={Link}
                    to={paths.dataset({ version: entry.version, systemModel }, entry.dataset.id, {
                      ind,
                    })}
                    size="sm"
                  >
                    {entry.dataset.id} · <OrMissing value={entry.dataset.activity} /> ·{' '}
                    <OrMissing value={entry.dataset.geography} />
                  </Anchor>
                ) : (
                  entry.candidates.slice(0, 5).map((c) => (
                    <Text key={c.dataset.id} size="xs">
                      <Anchor
                        component={Link}
                        to={paths.dataset({ version: entry.version, systemModel }, c.dataset.id, {
                          ind,
                        })}
                        size="xs"
                      >
                        {c.dataset.id}
                      </Anchor>{' '}
                      <OrMissing value={c.dataset.activity} /> ·{' '}
                      <OrMissing value={c.dataset.geography} /> ({c.relation})
                    </Text>
                  ))
                )}
                {!entry.dataset && entry.candidates.length === 0 && <Text c="dimmed">—</Text>}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{describeFields(entry.fields)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
