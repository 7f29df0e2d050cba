import { Table } from '@mantine/core';
import { ScoreMoveCell } from '../../../components/data/score-move';
import {
  ChangedCell,
  SourceCell,
  successorName,
  TargetCell,
  VerdictCell,
  type VerdictRowProps,
} from './verdict-cells';

/** The columns on a wide screen: the line, the change, each side, what changed, each score. */
export function VerdictHead(props: {
  from: string;
  to: string;
  scoreNames: readonly string[] | undefined;
}) {
  return (
    <Table.Tr>
      <Table.Th>Line</Table.Th>
      <Table.Th>Change</Table.Th>
      <Table.Th>In {props.from}</Table.Th>
      <Table.Th>In {props.to}</Table.Th>
      <Table.Th>What changed</Table.Th>
      {props.scoreNames?.map((name) => (
        <Table.Th key={name}>{name}</Table.Th>
      ))}
    </Table.Tr>
  );
}

/** A verdict as a row of those columns. */
export function VerdictRow(props: VerdictRowProps) {
  const { result, check } = props;
  return (
    <Table.Tr>
      <Table.Td>{result.line}</Table.Td>
      <Table.Td>
        <VerdictCell {...props} />
      </Table.Td>
      <Table.Td>
        <SourceCell {...props} />
      </Table.Td>
      <Table.Td>
        <TargetCell {...props} />
      </Table.Td>
      <Table.Td>
        <ChangedCell {...props} />
      </Table.Td>
      {props.moves.map((move) => (
        <Table.Td key={move.indicatorId}>
          <ScoreMoveCell
            move={move}
            from={check.from}
            to={check.to}
            targetName={successorName(result)}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
