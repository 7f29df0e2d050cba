import { Stack, Table, Text } from '@mantine/core';
import { ScoreMoveCell } from '../../../components/data/score-move';
import {
  ChangedCell,
  SourceCell,
  successorName,
  TargetCell,
  VerdictCell,
  type VerdictRowProps,
} from './verdict-cells';

/*
 * On a phone one cell an entry: the verdict, then each side under its release and what
 * changed, which six columns and more put off the screen.
 */

/** The one column on a phone. */
export function VerdictPhoneHead() {
  return (
    <Table.Tr>
      <Table.Th>Entry, change and datasets</Table.Th>
    </Table.Tr>
  );
}

/** A verdict as one cell, its parts one under another, each score named. */
export function VerdictPhoneRow(props: VerdictRowProps) {
  const { result, check } = props;
  const { from, to } = check;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Line {result.line}
          </Text>
          <VerdictCell {...props} />
          <Text size="xs" c="dimmed">
            In {from}
          </Text>
          <SourceCell {...props} />
          <Text size="xs" c="dimmed">
            In {to}
          </Text>
          <TargetCell {...props} />
          <ChangedCell {...props} />
          {props.moves.map((move, i) => (
            <Stack key={move.indicatorId} gap={0}>
              <Text size="xs" fw={500}>
                {props.scoreNames?.[i] ?? move.indicatorId}
              </Text>
              <ScoreMoveCell move={move} from={from} to={to} targetName={successorName(result)} />
            </Stack>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
