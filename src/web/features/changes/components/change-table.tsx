import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ChangeRow, Changes, DatasetRef } from '../../../../shared/api/schemas';
import type { ReleaseChange } from '../../../../shared/matching/verdict';
import { OrMissing } from '../../../components/data/missing';
import { PageControl } from '../../../components/data/page-control';
import { paths } from '../../../config/paths';
import {
  candidateReason,
  describeFields,
  shareText,
  sourceOfVerdict,
} from '../../../../shared/matching/words';
import { usePhone } from '../../../lib/screen';

type Ready = Extract<Changes, { status: 'ready' }>;

const PAGE = 100;

/** Colours whose light badges (shade 9 on shade 1) keep 4.5:1; teal and yellow do not. */
const COLOUR: Record<ReleaseChange, string> = {
  new: 'indigo',
  removed: 'red',
  'no certain successor': 'pink',
  split: 'violet',
  merged: 'violet',
  renamed: 'blue',
  moved: 'grape',
  're-identified': 'indigo',
  'documentation changed': 'gray',
};

function Side({
  dataset,
  version,
  systemModel,
  ind,
}: {
  dataset: DatasetRef | null;
  version: string;
  systemModel: string;
  ind: readonly number[];
}) {
  if (!dataset) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={paths.dataset({ version, systemModel }, dataset.id, { ind })}
        size="sm"
      >
        <OrMissing value={dataset.activity} />
      </Anchor>
      <Text size="xs">
        <OrMissing value={dataset.product} /> · <OrMissing value={dataset.geography} /> · ID{' '}
        {dataset.id}
      </Text>
    </Stack>
  );
}

/** The kind of change, and a split's share. */
function ChangeBadge({ row }: { row: ChangeRow }) {
  return (
    <div>
      <Badge color={COLOUR[row.change]} variant="light" tt="none" miw="max-content">
        {row.change}
      </Badge>
      {row.share !== null && (
        <Text size="xs" c="dimmed">
          share {shareText(row.share)}
        </Text>
      )}
    </div>
  );
}

/** The newer side, and the candidates where no successor is certain (or a new one's origins). */
function NewSide({
  row,
  changes,
  ind,
}: {
  row: ChangeRow;
  changes: Ready;
  ind: readonly number[];
}) {
  const { from, to, system_model: systemModel } = changes;
  return (
    <>
      <Side dataset={row.to} version={to} systemModel={systemModel} ind={ind} />
      {row.candidates.length > 0 && (
        <Text size="xs" c="dimmed">
          {row.change === 'new'
            ? 'May come from: '
            : row.to
              ? 'Possibly split into: '
              : 'Candidates: '}
          {row.candidates.map((c, i) => (
            <span key={c.dataset.id}>
              {i > 0 && '; '}
              <Anchor
                component={Link}
                to={paths.dataset(
                  { version: row.change === 'new' ? from : to, systemModel },
                  c.dataset.id,
                  { ind },
                )}
                size="xs"
              >
                {c.dataset.id}
              </Anchor>{' '}
              {c.dataset.geography ?? ''} ({candidateReason(c)})
            </span>
          ))}
        </Text>
      )}
    </>
  );
}

/**
 * The changed datasets, a page of 100 at a time: each row links to the dataset in both
 * releases, says where the link comes from (a change report, or documentation), a split's share
 * and which documentation fields differ; one without a certain successor shows its nearest
 * datasets with their reasons, a new one what it may have been split from.
 */
export function ChangeTable({
  changes,
  rows,
  ind,
  page,
  onPage,
}: {
  changes: Ready;
  rows: readonly ChangeRow[];
  /** The indicator set every dataset link keeps. */
  ind: readonly number[];
  /** The page shown (in the URL, so a link opens it), and a way to turn it. */
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages);
  const { from, to, system_model: systemModel } = changes;
  const phone = usePhone();
  const shown = rows.slice((current - 1) * PAGE, current * PAGE);
  return (
    <Stack gap="sm">
      {phone ? (
        // On a phone, each change is one cell: the kind, both sides and how it was decided, one
        // under the other, so every name and link is on the screen.
        <Table striped verticalSpacing={6} aria-label={`Changed datasets from ${from} to ${to}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={`${row.from?.id ?? ''}>${row.to?.id ?? ''}`}>
                <Table.Td>
                  <Stack gap={4}>
                    <ChangeBadge row={row} />
                    <Text size="xs" c="dimmed">
                      In {from}
                    </Text>
                    <Side dataset={row.from} version={from} systemModel={systemModel} ind={ind} />
                    <Text size="xs" c="dimmed">
                      In {to}
                    </Text>
                    <NewSide row={row} changes={changes} ind={ind} />
                    {row.change !== 'new' && (
                      <Text size="xs">
                        Decided by{' '}
                        {sourceOfVerdict(row, { change: row.change, steps: changes.reports })}
                      </Text>
                    )}
                    {row.fields.length > 0 && (
                      <Text size="xs">Differs: {describeFields(row.fields)}</Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing={4} aria-label={`Changed datasets from ${from} to ${to}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Change</Table.Th>
                <Table.Th>In {from}</Table.Th>
                <Table.Th>In {to}</Table.Th>
                <Table.Th>Decided by</Table.Th>
                <Table.Th>What differs</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={`${row.from?.id ?? ''}>${row.to?.id ?? ''}`}>
                  <Table.Td>
                    <ChangeBadge row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Side dataset={row.from} version={from} systemModel={systemModel} ind={ind} />
                  </Table.Td>
                  <Table.Td>
                    <NewSide row={row} changes={changes} ind={ind} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {row.change === 'new'
                        ? '—'
                        : sourceOfVerdict(row, { change: row.change, steps: changes.reports })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{describeFields(row.fields)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <PageControl
          total={pages}
          value={current}
          onChange={onPage}
          size="sm"
          label="Pages of changes"
        />
      )}
    </Stack>
  );
}
