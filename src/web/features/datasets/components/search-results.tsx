import { Badge, Table, UnstyledButton } from '@mantine/core';
import { memo, useState } from 'react';
import type { SearchHit } from '../../../../shared/api/schemas';
import { DenseCell, DenseLink, DenseRow, DenseText, dense } from '../../../components/data/dense';
import { paths } from '../../../config/paths';
import { MAX_COMPARED, type ReleaseRef } from '../../../config/routes';
import { usePhone } from '../../../lib/screen';
import { useFirstRows } from '../../../lib/second-pass';
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
      <DenseLink
        size="sm"
        strong
        to={paths.compare(props.release, {
          ds: product.datasets.map((dataset) => dataset.id),
          ind: props.indicatorIds,
        })}
        aria-label={`Compare the geographies of ${product.name}`}
      >
        Compare
      </DenseLink>
    );
  }
  return <CompareChooser {...props} />;
}

/** Geographies a product shows before "Show all": a first screen, not a wall of links. */
export const GEOGRAPHIES_SHOWN = 24;
/** A product with at most this many shows them all, rather than all but a few behind a button. */
const GEOGRAPHIES_FOLDED_OVER = 30;

function DatasetLinks(props: {
  activity: SearchHit;
  product: Product;
  release: ReleaseRef;
  indicatorIds: readonly number[];
}) {
  const { activity, product } = props;
  // A market for electricity has a hundred and more geographies (1 054 links for "electricity
  // high voltage"): drawing them all held the results' first paint back 0.3 s on a slow laptop
  // (LCP 2.72 -> 2.45 s, issue 34). The geography filter above narrows them too.
  const [all, setAll] = useState(false);
  const folded = !all && product.datasets.length > GEOGRAPHIES_FOLDED_OVER;
  const shown = folded ? product.datasets.slice(0, GEOGRAPHIES_SHOWN) : product.datasets;
  return (
    <div className={`${dense.wrap} ${dense.offscreen}`} style={{ gap: 6 }}>
      {shown.map((dataset) => (
        <DenseLink
          key={dataset.id}
          size="sm"
          to={paths.dataset(props.release, dataset.id, { ind: props.indicatorIds })}
          aria-label={`${activity.name}, ${dataset.geography}, dataset ${dataset.id}`}
        >
          {dataset.geography} · {dataset.id}
        </DenseLink>
      ))}
      {folded && (
        // Drawn as the compare chooser beside it is.
        <UnstyledButton
          fz="sm"
          fw={600}
          c="var(--mantine-color-anchor)"
          aria-label={`Show all ${product.datasets.length} geographies of ${product.name}`}
          onClick={() => setAll(true)}
        >
          Show all {product.datasets.length} geographies
        </UnstyledButton>
      )}
      {product.datasets.length > 1 && (
        <CompareGeographies
          product={product}
          release={props.release}
          indicatorIds={props.indicatorIds}
        />
      )}
    </div>
  );
}

function ActivityName({ activity }: { activity: SearchHit }) {
  return (
    <div className={dense.stack} style={{ gap: 2 }}>
      <DenseText size="sm" strong>
        {activity.name}
      </DenseText>
      {activity.activity_type !== null && (
        <Badge size="xs" variant="light" color="gray">
          {activity.activity_type}
        </Badge>
      )}
    </div>
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
 * The same results, release and indicators draw the same table: the page drawn again for
 * anything else (the sector index's progress, the form's words when it kept them) does not draw
 * it again, which took a second a key on a slow laptop (INP of the geography chooser,
 * `npm run bench -- vitals`).
 */
const sameResults = (before: SearchResultsProps, after: SearchResultsProps) =>
  before.results === after.results &&
  before.release.version === after.release.version &&
  before.release.systemModel === after.release.systemModel &&
  before.indicatorIds.join() === after.indicatorIds.join();

export const SearchResults = memo(function SearchResults(props: SearchResultsProps) {
  const phone = usePhone();
  const rows = useFirstRows(
    props.results.flatMap((activity) =>
      activity.products.map((product, index) => ({ activity, product, first: index === 0 })),
    ),
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
            <DenseRow key={`${activity.name}|${product.name}`}>
              <DenseCell wrapAnywhere>
                <div className={dense.stack} style={{ gap: 4 }}>
                  {first && <ActivityName activity={activity} />}
                  <DenseText size="sm">
                    {product.name}
                    {product.unit ? ` (${product.unit})` : ''}
                  </DenseText>
                  <DatasetLinks
                    activity={activity}
                    product={product}
                    release={props.release}
                    indicatorIds={props.indicatorIds}
                  />
                </div>
              </DenseCell>
            </DenseRow>
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
            <DenseRow key={`${activity.name}|${product.name}`}>
              <DenseCell>{first && <ActivityName activity={activity} />}</DenseCell>
              <DenseCell>{product.name}</DenseCell>
              <DenseCell>{product.unit}</DenseCell>
              <DenseCell>
                <DatasetLinks
                  activity={activity}
                  product={product}
                  release={props.release}
                  indicatorIds={props.indicatorIds}
                />
              </DenseCell>
            </DenseRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}, sameResults);
