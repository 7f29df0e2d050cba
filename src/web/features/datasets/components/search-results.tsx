import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SearchHit } from '../../../../shared/api/schemas';
import { paths } from '../../../config/paths';
import { MAX_COMPARED, type Release } from '../../../config/routes';
import { CompareChooser } from './compare-chooser';

type Product = SearchHit['products'][number];

/** "Compare" for a product's geographies: a link when they fit a comparison, else a chooser. */
function CompareGeographies(props: {
  product: Product;
  release: Release;
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

/** Activities with their products and the datasets (one per geography) that make them. */
export function SearchResults(props: {
  results: readonly SearchHit[];
  release: Release;
  indicatorIds: readonly number[];
}) {
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
          {props.results.flatMap((activity) =>
            activity.products.map((product, index) => (
              <Table.Tr key={`${activity.name}|${product.name}`}>
                <Table.Td>
                  {index === 0 && (
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
                  )}
                </Table.Td>
                <Table.Td>{product.name}</Table.Td>
                <Table.Td>{product.unit}</Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
