import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '../../../../shared/api/schemas';
import { paths } from '../../../config/paths';
import { MAX_COMPARED, type ReleaseRef } from '../../../config/routes';
import { usePhone } from '../../../lib/screen';
import { CompareChooser } from './compare-chooser';

type Product = SearchHit['products'][number];

/** "Compare" for a product's geographies: a link when they fit a comparison, else a chooser. */
function CompareGeographies(props: {
  product: Product;
  release: ReleaseRef;
  indicatorIds: readonly number[];
}) {
  const { product } = props;
  if (product.datasets.length <= MAX_COMPARED) {
    return (
      <Anchor
        component={Link}
        size="sm"
        fw={600}
        to={paths.compare(props.release, {
          ds: product.datasets.map((dataset) => dataset.id),
          ind: props.indicatorIds,
        })}
        aria-label={`Compare the geographies of ${product.name}`}
      >
        Compare
      </Anchor>
    );
  }
  return <CompareChooser {...props} />;
}

function DatasetLinks(props: {
  activity: SearchHit;
  product: Product;
  release: ReleaseRef;
  indicatorIds: readonly number[];
}) {
  const { activity, product } = props;
  return (
    <Group gap={6}>
      {product.datasets.map((dataset) => (
        <Anchor
          key={dataset.id}
          component={Link}
          size="sm"
          to={paths.dataset(props.release, dataset.id, { ind: props.indicatorIds })}
          aria-label={`${activity.name}, ${dataset.geography}, dataset ${dataset.id}`}
        >
          {dataset.geography} · {dataset.id}
        </Anchor>
      ))}
      {product.datasets.length > 1 && (
        <CompareGeographies
          product={product}
          release={props.release}
          indicatorIds={props.indicatorIds}
        />
      )}
    </Group>
  );
}

function ActivityName({ activity }: { activity: SearchHit }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {activity.name}
      </Text>
      {activity.activity_type !== null && (
        <Badge size="xs" variant="light" color="gray">
          {activity.activity_type}
        </Badge>
      )}
    </Stack>
  );
}

/**
 * Activities with their products and the datasets (one per geography) that make them. On a
 * phone a row is the activity with its product above the dataset links, all wrapping, so the
 * links are on the screen rather than past a sideways scroll.
 */
interface SearchResultsProps {
  results: readonly SearchHit[];
  release: ReleaseRef;
  indicatorIds: readonly number[];
}

/**
 * The same results, release and indicators draw the same table: typing in the search form
 * above (a state of the page) no longer draws it again on every key, which took a second a key
 * on a slow laptop (INP of the geography chooser, `npm run bench -- vitals`).
 */
const sameResults = (before: SearchResultsProps, after: SearchResultsProps) =>
  before.results === after.results &&
  before.release.version === after.release.version &&
  before.release.systemModel === after.release.systemModel &&
  before.indicatorIds.join() === after.indicatorIds.join();

export const SearchResults = memo(function SearchResults(props: SearchResultsProps) {
  const phone = usePhone();
  const rows = props.results.flatMap((activity) =>
    activity.products.map((product, index) => ({ activity, product, first: index === 0 })),
  );
  if (phone) {
    return (
      <Table aria-label="Search results" withTableBorder verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Activity, product and datasets (geography · ID)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ activity, product, first }) => (
            <Table.Tr key={`${activity.name}|${product.name}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Stack gap={4}>
                  {first && <ActivityName activity={activity} />}
                  <Text size="sm">
                    {product.name}
                    {product.unit ? ` (${product.unit})` : ''}
                  </Text>
                  <DatasetLinks
                    activity={activity}
                    product={product}
                    release={props.release}
                    indicatorIds={props.indicatorIds}
                  />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Search results" withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Activity</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Unit</Table.Th>
            <Table.Th scope="col">Datasets (geography · ID)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ activity, product, first }) => (
            <Table.Tr key={`${activity.name}|${product.name}`}>
              <Table.Td>{first && <ActivityName activity={activity} />}</Table.Td>
              <Table.Td>{product.name}</Table.Td>
              <Table.Td>{product.unit}</Table.Td>
              <Table.Td>
                <DatasetLinks
                  activity={activity}
                  product={product}
                  release={props.release}
                  indicatorIds={props.indicatorIds}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}, sameResults);
