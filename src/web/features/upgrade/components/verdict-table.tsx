import { Button, Chip, CopyButton, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ListEntry } from '../../../../shared/api/routes';
import type { UpgradeCheck, UpgradeResult } from '../../../../shared/api/schemas';
import type { EntryScoreMove } from '../../../../shared/scores/moves';
import { ChangeBadge } from '../../../components/data/change-badge';
import { Dataset, noTarget } from './verdict-parts';
import { ScoreMoveCell } from '../../../components/data/score-move';
import { PageControl } from '../../../components/data/page-control';
import {
  candidateReason,
  describeFields,
  ENTRY_CHANGES,
  sourceOfVerdict,
  type EntryChange,
} from '../../../../shared/matching/words';
import { chosenDifferences, describeEntry, mappedIds } from '../entries';
import { formatCount, plural } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

interface VerdictTableProps {
  check: Ready;
  /** Candidates the user chose, by line. */
  chosen: ReadonlyMap<number, number>;
  onChoose: (line: number, id: number | undefined) => void;
  /** The list's entries as the user gave them. */
  entries: readonly ListEntry[];
  /** Loaded scores: the indicators' short names, and each entry's moves. */
  scores?:
    { names: readonly string[]; moves: (result: UpgradeResult) => EntryScoreMove[] } | undefined;
  /** The indicator set every dataset link keeps. */
  ind: readonly number[];
  /**
   * The verdicts shown and the page, where the page keeps them (in its URL, so a link opens the
   * same rows); else the table keeps them itself.
   */
  view?: VerdictView | undefined;
}

/** Which changes the table shows (none = all) and which page of them. */
export interface VerdictView {
  changes: readonly EntryChange[];
  page: number;
  onChange: (view: { changes: EntryChange[]; page: number }) => void;
}

const PAGE = 100;

/** The classes of the loaded scores that moved, in the order of the columns, each once. */
const movedClasses = (moves: readonly EntryScoreMove[]) => [
  ...new Set(
    moves
      .filter((move) => move.change.percent !== null && move.change.percent !== 0)
      .map((move) => move.change.class),
  ),
];

/**
 * The verdict for every entry of a list, a page of 100 at a time, filtered by verdict: where it
 * comes from (a change report, or documentation), a split's datasets with their shares, and
 * for an entry without a certain successor its candidates, ranked with their reasons, to choose
 * from (the mapping then uses the choice).
 */
export function VerdictTable({
  check,
  chosen,
  onChoose,
  scores,
  entries,
  ind,
  view,
}: VerdictTableProps) {
  const phone = usePhone();
  const entered = new Map(entries.map((entry) => [entry.line, describeEntry(entry)]));
  // Lines that name, in another form, a dataset an earlier line already named (an ID and its
  // file name, say): kept, as the list had them, and said to be the same.
  const firstLine = new Map<number, number>();
  const repeats = new Map<number, number>();
  for (const result of check.results) {
    if (!result.source) continue;
    const first = firstLine.get(result.source.id);
    if (first === undefined) firstLine.set(result.source.id, result.line);
    else repeats.set(result.line, first);
  }
  const [ownShown, setOwnShown] = useState<readonly EntryChange[]>([]);
  const [ownPage, setOwnPage] = useState(1);
  const shown = view?.changes ?? ownShown;
  const page = view?.page ?? ownPage;
  const show = (changes: EntryChange[], next: number) => {
    if (view) view.onChange({ changes, page: next });
    else {
      setOwnShown(changes);
      setOwnPage(next);
    }
  };
  const counts = new Map<EntryChange, number>();
  for (const result of check.results)
    counts.set(result.change, (counts.get(result.change) ?? 0) + 1);
  const rows =
    shown.length === 0 ? check.results : check.results.filter((r) => shown.includes(r.change));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages);
  const { from, to, system_model: systemModel } = check;
  const ids = mappedIds(rows, chosen);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <Chip.Group
          multiple
          value={[...shown]}
          onChange={(value) =>
            show(
              value.filter((v): v is EntryChange =>
                (ENTRY_CHANGES as readonly string[]).includes(v),
              ),
              1,
            )
          }
        >
          <Group gap="xs" aria-label="Show verdicts" role="group">
            {ENTRY_CHANGES.map((change) => {
              const count = counts.get(change) ?? 0;
              return count === 0 ? null : (
                <Chip key={change} value={change} size="xs">
                  {change} ({formatCount(count)})
                </Chip>
              );
            })}
          </Group>
        </Chip.Group>
        <CopyButton value={ids.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" disabled={ids.length === 0} onClick={copy}>
              {copied ? `${plural(ids.length, 'ID')} of ${to} copied` : `Copy IDs in ${to}`}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Table.ScrollContainer minWidth={phone ? 0 : 900}>
        <Table striped verticalSpacing={4} aria-label={`Verdicts from ${from} to ${to}`}>
          <Table.Thead>
            {phone ? (
              <Table.Tr>
                <Table.Th>Entry, change and datasets</Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>In {from}</Table.Th>
                <Table.Th>In {to}</Table.Th>
                <Table.Th>What changed</Table.Th>
                {scores?.names.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {rows.slice((current - 1) * PAGE, current * PAGE).map((result) => {
              const picked = chosen.get(result.line);
              const pickable = result.change === 'no certain successor';
              const pickedRef = result.candidates.find((c) => c.dataset.id === picked)?.dataset;
              const moves = scores?.moves(result) ?? [];
              const nameOf = (id: number) =>
                result.successors.find((s) => s.dataset.id === id)?.dataset.geography ?? '';
              const several = result.successors.length > 1;
              const possibleSplit =
                !pickable && result.source !== null && result.candidates.length > 0;
              const verdictCell = (
                <>
                  <ChangeBadge change={result.change} />
                  {result.change === 'documentation unchanged' && (
                    <Text size="xs" c="dimmed">
                      {movedClasses(moves).length > 0
                        ? `Only documentation is compared: a score changed (${movedClasses(moves).join(', ')})`
                        : 'Only documentation is compared'}
                    </Text>
                  )}
                  {repeats.has(result.line) && (
                    <Text size="xs" c="dimmed">
                      Same dataset as line {repeats.get(result.line)}
                    </Text>
                  )}
                  {pickedRef && (
                    <Text size="xs" fw={500}>
                      Mapped to {pickedRef.id}, your choice
                    </Text>
                  )}
                  {result.source && (
                    <Text size="xs" c="dimmed">
                      {sourceOfVerdict(result, { change: result.change, steps: check.reports })}
                      {result.target && (result.how === 'same UUIDs' || result.how === 'same names')
                        ? ` (${result.how})`
                        : ''}
                    </Text>
                  )}
                </>
              );
              const sourceCell = (
                <>
                  {result.source ? (
                    <Dataset
                      dataset={result.source}
                      version={from}
                      systemModel={systemModel}
                      ind={ind}
                    />
                  ) : (
                    <Stack gap={2}>
                      <Text size="xs" c="dimmed">
                        Entered: {entered.get(result.line) ?? `line ${result.line}`}
                      </Text>
                      {result.change === 'several in source' &&
                        result.candidates.map((candidate) => (
                          <Dataset
                            key={candidate.dataset.id}
                            dataset={candidate.dataset}
                            version={from}
                            systemModel={systemModel}
                            ind={ind}
                          />
                        ))}
                    </Stack>
                  )}
                </>
              );
              const targetCell = (
                <>
                  {several
                    ? result.successors.map((successor) => (
                        <Dataset
                          key={successor.dataset.id}
                          dataset={successor.dataset}
                          version={to}
                          systemModel={systemModel}
                          ind={ind}
                          share={successor.share}
                        />
                      ))
                    : result.target && (
                        <Dataset
                          dataset={result.target}
                          version={to}
                          systemModel={systemModel}
                          ind={ind}
                          share={result.successors[0]?.share}
                        />
                      )}
                  {result.change === 'merged' && (
                    <Text size="xs" c="dimmed">
                      Other datasets of {from} became it too.
                    </Text>
                  )}
                  {possibleSplit && (
                    <Text size="xs" c="dimmed">
                      Possibly split: new in {to}{' '}
                      {result.candidates
                        .slice(0, 5)
                        .map((c) => `${c.dataset.id} ${c.dataset.geography ?? ''}`)
                        .join('; ')}
                      {' (not in a change report)'}
                    </Text>
                  )}
                  {pickable && result.candidates.length > 0 && (
                    <Select
                      aria-label={`Choose the dataset for line ${result.line}`}
                      placeholder="Candidates, nearest first…"
                      size="xs"
                      clearable
                      data={result.candidates.map((c) => ({
                        value: String(c.dataset.id),
                        label: `${c.dataset.id} · ${c.dataset.activity ?? '?'} · ${c.dataset.geography ?? '?'} (${candidateReason(c)})`,
                      }))}
                      value={picked === undefined ? null : String(picked)}
                      onChange={(value) =>
                        onChoose(result.line, value === null ? undefined : Number(value))
                      }
                      comboboxProps={{ width: 520, position: 'bottom-start' }}
                    />
                  )}
                  {!result.target && (
                    <Text size="xs" c="dimmed">
                      {noTarget(result, from, to)}
                    </Text>
                  )}
                </>
              );
              const changedCell = (
                <Text size="xs">
                  {pickedRef && result.source
                    ? `Your choice: ${describeFields(chosenDifferences(result.source, pickedRef)) || 'same activity, product, unit and geography'}`
                    : describeFields(result.fields)}
                </Text>
              );
              // On a phone one cell an entry: the verdict, then each side under its release and
              // what changed, which six columns and more put off the screen.
              if (phone)
                return (
                  <Table.Tr key={result.line}>
                    <Table.Td>
                      <Stack gap={4}>
                        <Text size="xs" c="dimmed">
                          Line {result.line}
                        </Text>
                        {verdictCell}
                        <Text size="xs" c="dimmed">
                          In {from}
                        </Text>
                        {sourceCell}
                        <Text size="xs" c="dimmed">
                          In {to}
                        </Text>
                        {targetCell}
                        {changedCell}
                        {moves.map((move, i) => (
                          <Stack key={move.indicatorId} gap={0}>
                            <Text size="xs" fw={500}>
                              {scores?.names[i] ?? move.indicatorId}
                            </Text>
                            <ScoreMoveCell move={move} from={from} to={to} targetName={nameOf} />
                          </Stack>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              return (
                <Table.Tr key={result.line}>
                  <Table.Td>{result.line}</Table.Td>
                  <Table.Td>{verdictCell}</Table.Td>
                  <Table.Td>{sourceCell}</Table.Td>
                  <Table.Td>{targetCell}</Table.Td>
                  <Table.Td>{changedCell}</Table.Td>
                  {moves.map((move) => (
                    <Table.Td key={move.indicatorId}>
                      <ScoreMoveCell move={move} from={from} to={to} targetName={nameOf} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <PageControl
          total={pages}
          value={current}
          onChange={(next) => show([...shown], next)}
          size="sm"
          label="Pages of verdicts"
        />
      )}
    </Stack>
  );
}
