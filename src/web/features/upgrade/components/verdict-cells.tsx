import { Select, Stack, Text } from '@mantine/core';
import type { UpgradeCheck, UpgradeResult } from '../../../../shared/api/schemas';
import {
  candidateReason,
  describeFields,
  sourceOfVerdict,
} from '../../../../shared/matching/words';
import type { EntryScoreMove } from '../../../../shared/scores/moves';
import { ChangeBadge } from '../../../components/data/change-badge';
import { chosenDifferences } from '../entries';
import { Dataset, noTarget } from './verdict-parts';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/** What one verdict shows, in either layout (a row of columns, or one cell on a phone). */
export interface VerdictRowProps {
  result: UpgradeResult;
  check: Ready;
  /** The candidate the user chose for this line, if any. */
  picked: number | undefined;
  onChoose: (line: number, id: number | undefined) => void;
  /** The line as the user gave it, said for an entry that named no single dataset. */
  entered: string | undefined;
  /** An earlier line that named the same dataset in another form, if any. */
  repeatOf: number | undefined;
  /** The loaded scores' moves of the entry, and the indicators' short names. */
  moves: readonly EntryScoreMove[];
  scoreNames: readonly string[] | undefined;
  /** The indicator set every dataset link keeps. */
  ind: readonly number[];
}

/** The classes of the loaded scores that moved, in the order of the columns, each once. */
const movedClasses = (moves: readonly EntryScoreMove[]) => [
  ...new Set(
    moves
      .filter((move) => move.change.percent !== null && move.change.percent !== 0)
      .map((move) => move.change.class),
  ),
];

/** The candidate chosen, when it is one of the entry's. */
const pickedDataset = ({ result, picked }: Pick<VerdictRowProps, 'result' | 'picked'>) =>
  result.candidates.find((c) => c.dataset.id === picked)?.dataset;

/** A successor's geography by its ID, which a score's move names it by. */
export const successorName = (result: UpgradeResult) => (id: number) =>
  result.successors.find((s) => s.dataset.id === id)?.dataset.geography ?? '';

/** The change, where its verdict comes from, a repeated line, and the choice made. */
export function VerdictCell(props: VerdictRowProps) {
  const { result, check, moves } = props;
  const pickedRef = pickedDataset(props);
  return (
    <>
      <ChangeBadge change={result.change} />
      {result.change === 'documentation unchanged' && (
        <Text size="xs" c="dimmed">
          {movedClasses(moves).length > 0
            ? `Only documentation is compared: a score changed (${movedClasses(moves).join(', ')})`
            : 'Only documentation is compared'}
        </Text>
      )}
      {props.repeatOf !== undefined && (
        <Text size="xs" c="dimmed">
          Same dataset as line {props.repeatOf}
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
}

/** The entry in the older release: its dataset, or what was entered and what it may be. */
export function SourceCell({ result, check, entered, ind }: VerdictRowProps) {
  const { from, system_model: systemModel } = check;
  if (result.source)
    return <Dataset dataset={result.source} version={from} systemModel={systemModel} ind={ind} />;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        Entered: {entered ?? `line ${result.line}`}
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
  );
}

/**
 * The entry in the newer release: its successors with their shares, a possible split, the
 * candidates to choose from for an entry without a certain successor, or why there is none.
 */
export function TargetCell({ result, check, picked, onChoose, ind }: VerdictRowProps) {
  const { from, to, system_model: systemModel } = check;
  const pickable = result.change === 'no certain successor';
  const possibleSplit = !pickable && result.source !== null && result.candidates.length > 0;
  return (
    <>
      {result.successors.length > 1
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
          onChange={(value) => onChoose(result.line, value === null ? undefined : Number(value))}
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
}

/** What differs between the two sides, or between the entry and the candidate chosen. */
export function ChangedCell(props: VerdictRowProps) {
  const { result } = props;
  const pickedRef = pickedDataset(props);
  return (
    <Text size="xs">
      {pickedRef && result.source
        ? `Your choice: ${describeFields(chosenDifferences(result.source, pickedRef)) || 'same activity, product, unit and geography'}`
        : describeFields(result.fields)}
    </Text>
  );
}
