import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CandidateRef, Link as Successor } from '../../../../shared/api/schemas';
import { candidateReason, describeFields, shareText } from '../../../../shared/matching/words';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';

/** A dataset's ID as a link to its page in `release`, the indicator set kept. */
function DatasetLink({
  release,
  id,
  ind,
}: {
  release: ReleaseRef;
  id: number;
  ind: readonly number[];
}) {
  return (
    <Anchor component={Link} to={paths.dataset(release, id, { ind })} size="sm">
      {id}
    </Anchor>
  );
}

/**
 * The datasets a dataset became, each linked to its page in the release shown, with its share
 * of a split (a whole dataset says so) and what differs from the dataset it came from.
 */
export function SuccessorTable({
  label,
  successors,
  release,
  ind,
}: {
  label: string;
  successors: readonly Successor[];
  release: ReleaseRef;
  ind: readonly number[];
}) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label={label} withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dataset ID</Table.Th>
            <Table.Th scope="col">Activity</Table.Th>
            <Table.Th scope="col">Geography</Table.Th>
            <Table.Th scope="col">Share</Table.Th>
            <Table.Th scope="col">What differs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {successors.map(({ dataset, share, fields }) => (
            <Table.Tr key={dataset.id}>
              <Table.Td>
                <DatasetLink release={release} id={dataset.id} ind={ind} />
              </Table.Td>
              <Table.Td>
                <OrMissing value={dataset.activity} />
              </Table.Td>
              <Table.Td>
                <OrMissing value={dataset.geography} />
              </Table.Td>
              <Table.Td>{share === null ? 'whole' : shareText(share)}</Table.Td>
              <Table.Td>
                <Text size="sm">{fields.length > 0 ? describeFields(fields) : 'nothing'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Datasets that may be the one sought, nearest first, each with why it is offered. */
export function CandidateTable({
  label,
  candidates,
  release,
  ind,
}: {
  label: string;
  candidates: readonly CandidateRef[];
  release: ReleaseRef;
  ind: readonly number[];
}) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label={label} withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dataset ID</Table.Th>
            <Table.Th scope="col">Activity</Table.Th>
            <Table.Th scope="col">Geography</Table.Th>
            <Table.Th scope="col">Why it is offered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((candidate) => (
            <Table.Tr key={candidate.dataset.id}>
              <Table.Td>
                <DatasetLink release={release} id={candidate.dataset.id} ind={ind} />
              </Table.Td>
              <Table.Td>
                <OrMissing value={candidate.dataset.activity} />
              </Table.Td>
              <Table.Td>
                <OrMissing value={candidate.dataset.geography} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{candidateReason(candidate)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
