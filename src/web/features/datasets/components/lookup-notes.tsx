import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Dataset } from '../../../../shared/api/schemas';
import type { LookupKey } from '../../../../shared/lookup';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import { SEARCH_TEXT_MAX, type ReleaseRef } from '../../../config/routes';
import type { CutLookup } from '../api/lookup-queries';
import { WhatItBecame } from './what-it-became';

/** A key that is no UUID or file name: nothing to look up, and the search offered instead. */
export function NothingToLookUp({
  typed,
  reason,
  release,
  ind,
}: {
  typed: string;
  reason: string;
  release: ReleaseRef;
  ind: number[];
}) {
  return (
    <Stack maw={640}>
      <Title order={1}>Nothing to look up</Title>
      <Text style={{ overflowWrap: 'anywhere' }}>{reason}</Text>
      <Anchor
        component={Link}
        to={paths.datasets(release, { q: typed.trim().slice(0, SEARCH_TEXT_MAX), ind })}
        style={{ overflowWrap: 'anywhere' }}
      >
        {typed.trim() ? `Search datasets for “${typed.trim()}”` : 'Search datasets by name'}
      </Anchor>
    </Stack>
  );
}

/** The data service has no lookup by Spold UUID: say so, and offer what still works. */
export function NoSpoldLookup({ release }: { release: ReleaseRef }) {
  return (
    <Stack maw={640}>
      <Title order={1}>UUIDs cannot be looked up here</Title>
      <Text>
        The data service this explorer uses offers no lookup by Spold UUID, so activity, product and
        geography UUIDs and ecoSpold file names cannot be resolved. A Dataset ID still opens its
        dataset.
      </Text>
      <Anchor component={Link} to={paths.datasets(release)}>
        Search datasets by name instead
      </Anchor>
    </Stack>
  );
}

/** No dataset of this release has the UUID (or file): what it became here, if anything. */
export function NoDatasetFound({
  lookupKey,
  typed,
  release,
  ind,
}: {
  lookupKey: Exclude<LookupKey, { kind: 'invalid' } | { kind: 'dataset-id' }>;
  typed: string;
  release: ReleaseRef;
  ind: number[];
}) {
  return (
    <Stack maw={960}>
      <Title order={1}>No dataset found</Title>
      <Text style={{ overflowWrap: 'anywhere' }}>
        No dataset in {release.version} ({release.systemModel}) has{' '}
        {lookupKey.kind === 'spold-file'
          ? `the activity UUID ${lookupKey.activityUuid} and the product UUID ${lookupKey.productUuid} together`
          : `${lookupKey.uuid} as its activity, product or geography UUID`}
        . It may belong to another release or system model.
      </Text>
      <WhatItBecame lookupKey={typed.trim()} release={release} ind={ind} />
      <Anchor component={Link} to={paths.releases()}>
        Choose another release
      </Anchor>
    </Stack>
  );
}

/**
 * How to see all of a cut lookup's matches, where the explorer has a way: a geography's are the
 * dataset search filtered by that geography, the very same datasets. The search has no filter by
 * product or activity, so for those it says plainly that only the first page is shown, and a
 * search by the product's name is offered only as what it is: a wider set holding them all.
 */
export function CutAdvice({
  part,
  release,
  ind,
}: {
  part: CutLookup;
  release: ReleaseRef;
  ind: number[];
}) {
  const sent = `The data service sends at most ${part.sent} matches of a lookup`;
  const geography = part.first?.geography;
  if (part.kind === 'geography' && geography)
    return (
      <Text size="sm">
        {sent}; the dataset search lists all {part.total}:{' '}
        <Anchor component={Link} to={paths.datasets(release, { geography, ind })}>
          all datasets in {geography}
        </Anchor>{' '}
        (the search counts them by activity).
      </Text>
    );
  const product = part.first?.product;
  return (
    <Text size="sm">
      {sent}, so only the first {part.sent} of the {part.total} with this {part.kind} UUID are
      shown; the dataset search has no filter by {part.kind}, so no page here lists just these.
      {part.kind === 'product' && product && (
        <>
          {' '}
          <Anchor component={Link} to={paths.datasets(release, { q: product, ind })}>
            Search for “{product}”
          </Anchor>{' '}
          finds datasets by name: these among others.
        </>
      )}
    </Text>
  );
}

/**
 * `/:v/:m/lookup/:key`: a Dataset ID opens the dataset; a UUID is tried as an activity, product
 * and geography UUID; an ecoSpold file name as its activity and product. One match opens it,
 * several are listed (saying when the service sent only some), none is explained.

/** The datasets a lookup matched, each linked to its page with the indicators kept. */
export function LookupMatches({
  found,
  release,
  ind,
}: {
  found: readonly Dataset[];
  release: ReleaseRef;
  ind: number[];
}) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label="Matching datasets" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Activity</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Geography</Table.Th>
            <Table.Th scope="col">ID</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {found.map((dataset) => (
            <Table.Tr key={dataset.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.dataset(release, dataset.id, { ind })}>
                  {dataset.activity ?? `Dataset ${dataset.id}`}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <OrMissing value={dataset.product} />
              </Table.Td>
              <Table.Td>
                <OrMissing value={dataset.geography} />
              </Table.Td>
              <Table.Td>{dataset.id}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
