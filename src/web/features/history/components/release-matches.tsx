import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DatasetHistory, HistoryEntry } from '../../../../shared/api/schemas';
import { ChangeBadge } from '../../../components/data/change-badge';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import {
  candidateReason,
  describeFields,
  shareText,
  sourceOfVerdict,
} from '../../../../shared/matching/words';
import { usePhone } from '../../../lib/screen';

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

/** Whether the dataset keeps its ID there, in words: what "renamed" alone does not say. */
function identity(entry: HistoryEntry, id: number): string | null {
  if (!entry.dataset) return null;
  return entry.dataset.id === id ? 'same Dataset ID' : `Dataset ID ${entry.dataset.id} there`;
}

/**
 * The dataset in every release of its system model: which dataset it is there, what became of
 * it (in a later release) or what it was (in an earlier one), where that comes from (a change
 * report, or documentation), a split's or merge's other datasets with their shares, and what
 * differs from the release being viewed; candidates with their reasons where none is certain.
 * Each link keeps the indicator set `ind`. On a phone, one cell a release: its four columns put
 * the dataset and what differs off the screen.
 */
export function ReleaseMatches({ history, ind }: { history: Ready; ind: readonly number[] }) {
  const { system_model: systemModel } = history;
  const phone = usePhone();
  const link = (version: string, id: number, text: ReactNode, size: 'sm' | 'xs') => (
    <Anchor component={Link} to={paths.dataset({ version, systemModel }, id, { ind })} size={size}>
      {text}
    </Anchor>
  );
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 720}>
      <Table verticalSpacing={4} aria-label={`Dataset ${history.id} across releases`}>
        <Table.Thead>
          {phone ? (
            <Table.Tr>
              <Table.Th>Release, how it was found and the dataset there</Table.Th>
            </Table.Tr>
          ) : (
            <Table.Tr>
              <Table.Th>Release</Table.Th>
              <Table.Th>Found by</Table.Th>
              <Table.Th>Dataset</Table.Th>
              <Table.Th>Differs from {history.version}</Table.Th>
            </Table.Tr>
          )}
        </Table.Thead>
        <Table.Tbody>
          {history.releases.map((entry) => {
            const others = entry.linked.filter((l) => l.dataset.id !== entry.dataset?.id);
            const main = entry.linked.find((l) => l.dataset.id === entry.dataset?.id);
            const release = (
              <Text fw={entry.version === history.version ? 700 : 400}>{entry.version}</Text>
            );
            const foundBy =
              entry.change === null ? (
                <Badge color="gray" variant="light" tt="none" miw="max-content">
                  the release viewed
                </Badge>
              ) : (
                <Stack gap={0}>
                  <div>
                    <ChangeBadge change={entry.change} />
                  </div>
                  {identity(entry, history.id) && (
                    <Text size="xs">{identity(entry, history.id)}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {sourceOfVerdict(entry, { change: entry.change, steps: [] })}
                    {entry.how !== 'none' &&
                    entry.how !== 'change report' &&
                    entry.how !== 'same ID'
                      ? ` (${entry.how})`
                      : ''}
                  </Text>
                </Stack>
              );
            const dataset = (
              <>
                {entry.dataset &&
                  link(
                    entry.version,
                    entry.dataset.id,
                    <>
                      {entry.dataset.id} · <OrMissing value={entry.dataset.activity} /> ·{' '}
                      <OrMissing value={entry.dataset.geography} />
                      {main?.share != null ? ` · ${shareText(main.share)}` : ''}
                    </>,
                    'sm',
                  )}
                {others.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {entry.change === 'split' || entry.change === 'merged' ? 'With: ' : 'Also: '}
                    {others.map((other, i) => (
                      <span key={other.dataset.id}>
                        {i > 0 && '; '}
                        {link(entry.version, other.dataset.id, other.dataset.id, 'xs')}{' '}
                        {other.dataset.geography ?? ''}
                        {other.share !== null ? ` ${shareText(other.share)}` : ''}
                      </span>
                    ))}
                  </Text>
                )}
                {entry.candidates.slice(0, 5).map((c) => (
                  <Text key={c.dataset.id} size="xs">
                    {entry.dataset ? 'Possibly split into ' : ''}
                    {link(entry.version, c.dataset.id, c.dataset.id, 'xs')}{' '}
                    <OrMissing value={c.dataset.activity} /> ·{' '}
                    <OrMissing value={c.dataset.geography} /> ({candidateReason(c)})
                  </Text>
                ))}
                {!entry.dataset && entry.candidates.length === 0 && (
                  <Text c="dimmed">
                    —{' '}
                    <Text span size="xs">
                      {entry.change === 'new'
                        ? `not in ${entry.version}`
                        : `nothing near in ${entry.version}`}
                    </Text>
                  </Text>
                )}
              </>
            );
            const differs = <Text size="xs">{describeFields(entry.fields)}</Text>;
            const current = entry.version === history.version ? 'true' : undefined;
            if (phone)
              return (
                <Table.Tr key={entry.version} aria-current={current}>
                  <Table.Td>
                    <Stack gap={4}>
                      {release}
                      {foundBy}
                      <div>{dataset}</div>
                      {entry.fields.length > 0 && (
                        <>
                          <Text size="xs" c="dimmed">
                            Differs from {history.version}
                          </Text>
                          {differs}
                        </>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            return (
              <Table.Tr key={entry.version} aria-current={current}>
                <Table.Td>{release}</Table.Td>
                <Table.Td>{foundBy}</Table.Td>
                <Table.Td>{dataset}</Table.Td>
                <Table.Td>{differs}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
