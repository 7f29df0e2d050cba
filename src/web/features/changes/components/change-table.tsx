import { Stack, Table, Text } from '@mantine/core';
import { useRef } from 'react';
import type { ChangeRow, ChangesSummary, DatasetRef } from '../../../../shared/api/schemas';
import type { EntryScoreMove } from '../../../../shared/scores/moves';
import { ChangeBadge } from '../../../components/data/change-badge';
import { DenseCell, DenseLink, DenseRow, DenseText, dense } from '../../../components/data/dense';
import { OrMissing } from '../../../components/data/missing';
import { ScoreMoveCell } from '../../../components/data/score-move';
import { PageControl } from '../../../components/data/page-control';
import { paths } from '../../../config/paths';
import {
  candidateReason,
  describeFields,
  shareText,
  sourceOfVerdict,
} from '../../../../shared/matching/words';
import { useFirstRows } from '../../../lib/second-pass';
import { usePhone } from '../../../lib/screen';
import type { RowGroups } from '../scores';

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
  if (!dataset)
    return (
      <DenseText size="sm" dimmed>
        —
      </DenseText>
    );
  return (
    <div className={dense.stack}>
      <DenseLink to={paths.dataset({ version, systemModel }, dataset.id, { ind })} size="sm">
        <OrMissing value={dataset.activity} />
      </DenseLink>
      <DenseText size="xs">
        <OrMissing value={dataset.product} /> · <OrMissing value={dataset.geography} /> · ID{' '}
        {dataset.id}
      </DenseText>
    </div>
  );
}

/** The kind of change, and a split's share. */
function RowChange({ row }: { row: ChangeRow }) {
  return (
    <div>
      <ChangeBadge change={row.change} />
      {row.share !== null && (
        <DenseText size="xs" dimmed>
          share {shareText(row.share)}
        </DenseText>
      )}
    </div>
  );
}

/** The newer side, and the candidates where no successor is certain (or a new one's origins). */
function NewSide({
  row,
  changes,
  ind,
  groups,
}: {
  row: ChangeRow;
  changes: ChangesSummary;
  ind: readonly number[];
  groups: RowGroups;
}) {
  const { from, to, system_model: systemModel } = changes;
  // A merge: the other datasets of the older release that became it, beside it.
  const sources =
    row.change === 'merged' && row.to
      ? (groups.merges.get(row.to.id) ?? []).flatMap((other) =>
          other.from && other.from.id !== row.from?.id ? [other.from] : [],
        )
      : [];
  return (
    <>
      <Side dataset={row.to} version={to} systemModel={systemModel} ind={ind} />
      {sources.length > 0 && (
        <DenseText size="xs" dimmed>
          Merged from this and:{' '}
          {sources.map((source, i) => (
            <span key={source.id}>
              {i > 0 && '; '}
              <DenseLink
                to={paths.dataset({ version: from, systemModel }, source.id, { ind })}
                size="xs"
              >
                {source.id}
              </DenseLink>{' '}
              {source.geography ?? ''}
            </span>
          ))}
        </DenseText>
      )}
      {row.candidates.length > 0 && (
        <DenseText size="xs" dimmed>
          {row.change === 'new'
            ? 'May come from: '
            : row.to
              ? 'Possibly split into: '
              : 'Candidates: '}
          {row.candidates.map((c, i) => (
            <span key={c.dataset.id}>
              {i > 0 && '; '}
              <DenseLink
                to={paths.dataset(
                  { version: row.change === 'new' ? from : to, systemModel },
                  c.dataset.id,
                  { ind },
                )}
                size="xs"
              >
                {c.dataset.id}
              </DenseLink>{' '}
              {c.dataset.geography ?? ''} ({candidateReason(c)})
            </span>
          ))}
        </DenseText>
      )}
    </>
  );
}

/**
 * The changed datasets, a page of 100 at a time: each row links to the dataset in both
 * releases, says where the link comes from (a change report, or documentation), a split's share
 * and which documentation fields differ; one without a certain successor shows its nearest
 * datasets with their reasons, a new one what it may have been split from, a merge the other
 * datasets that became it. With scores loaded, each indicator's change and its class (a split's
 * rows against the share-weighted mix of all it became).
 */
export function ChangeTable({
  changes,
  rows,
  ind,
  page: current,
  pages,
  onPage,
  groups,
  scores,
}: {
  changes: ChangesSummary;
  /** The page's rows. */
  rows: readonly ChangeRow[];
  /** The indicator set every dataset link keeps. */
  ind: readonly number[];
  /** The page shown (in the URL, so a link opens it), how many there are, a way to turn it. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The splits and merges of the page's rows, each whole (parts on other pages too). */
  groups: RowGroups;
  /** Loaded scores: the indicators' names, and each row's moves. */
  scores?: { names: readonly string[]; moves: (row: ChangeRow) => EntryScoreMove[] } | undefined;
}) {
  const { from, to, system_model: systemModel } = changes;
  const phone = usePhone();
  const shown = useFirstRows(rows);
  const top = useRef<HTMLDivElement>(null);
  const nameOf = (row: ChangeRow) => (id: number) =>
    (row.from ? groups.splits.get(row.from.id) : undefined)?.find((part) => part.to?.id === id)?.to
      ?.geography ?? '';
  return (
    <Stack gap="sm" ref={top}>
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
              <DenseRow striped key={`${row.from?.id ?? ''}>${row.to?.id ?? ''}`}>
                <DenseCell>
                  <div className={dense.stack} style={{ gap: 4 }}>
                    <RowChange row={row} />
                    <DenseText size="xs" dimmed>
                      In {from}
                    </DenseText>
                    <Side dataset={row.from} version={from} systemModel={systemModel} ind={ind} />
                    <DenseText size="xs" dimmed>
                      In {to}
                    </DenseText>
                    <NewSide row={row} changes={changes} ind={ind} groups={groups} />
                    {row.change !== 'new' && (
                      <DenseText size="xs">
                        Decided by{' '}
                        {sourceOfVerdict(row, { change: row.change, steps: changes.reports })}
                      </DenseText>
                    )}
                    {row.fields.length > 0 && (
                      <DenseText size="xs">Differs: {describeFields(row.fields)}</DenseText>
                    )}
                    {scores?.moves(row).map((move, i) => (
                      <Stack key={move.indicatorId} gap={0}>
                        <Text size="xs" fw={500}>
                          {scores.names[i] ?? move.indicatorId}
                        </Text>
                        <ScoreMoveCell move={move} from={from} to={to} targetName={nameOf(row)} />
                      </Stack>
                    ))}
                  </div>
                </DenseCell>
              </DenseRow>
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
                {scores?.names.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <DenseRow striped key={`${row.from?.id ?? ''}>${row.to?.id ?? ''}`}>
                  <DenseCell>
                    <RowChange row={row} />
                  </DenseCell>
                  <DenseCell>
                    <Side dataset={row.from} version={from} systemModel={systemModel} ind={ind} />
                  </DenseCell>
                  <DenseCell>
                    <NewSide row={row} changes={changes} ind={ind} groups={groups} />
                  </DenseCell>
                  <DenseCell>
                    <DenseText size="xs">
                      {row.change === 'new'
                        ? `new in ${to}`
                        : sourceOfVerdict(row, { change: row.change, steps: changes.reports })}
                    </DenseText>
                  </DenseCell>
                  <DenseCell>
                    <DenseText size="xs">{describeFields(row.fields)}</DenseText>
                  </DenseCell>
                  {scores?.moves(row).map((move) => (
                    <DenseCell key={move.indicatorId}>
                      <ScoreMoveCell move={move} from={from} to={to} targetName={nameOf(row)} />
                    </DenseCell>
                  ))}
                </DenseRow>
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
          top={top}
        />
      )}
    </Stack>
  );
}
