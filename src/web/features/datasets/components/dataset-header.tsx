import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { apiCall } from '../../../../shared/api/calls';
import type { Dataset } from '../../../../shared/api/schemas';
import { citeDataset } from '../../../../shared/citation';
import { CiteThis } from '../../../components/cite/cite-this';
import { CopyAsCode } from '../../../components/code/copy-as-code';
import { releaseWire } from '../../../lib/api-client';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';

/**
 * The dataset's title and where it is, its link and citation, and the ways on: other
 * indicators, a comparison, the dataset across releases; with the call a script would make.
 */
export function DatasetHeader(props: {
  release: ReleaseRef;
  dataset: Dataset;
  /** The Dataset ID of the address. */
  id: number;
  /** The indicators scored, which the call asks for. */
  indicatorIds: number[];
  /** The indicators links carry, and those the URL names (for the way across releases). */
  linked: number[];
  ind: number[];
  link: string;
  releaseDate: string | null;
}) {
  const { release, dataset, id, linked } = props;
  const { version, systemModel } = release;
  return (
    <Stack gap={4}>
      <div>
        <CopyAsCode
          calls={[
            apiCall('dataset', {
              params: { id },
              query: {
                ...releaseWire(release),
                ...(props.indicatorIds.length > 0 ? { indicator_ids: props.indicatorIds } : {}),
              },
            }),
          ]}
        />
        <Title order={1}>{dataset.activity ?? `Dataset ${dataset.id}`}</Title>
      </div>
      <Text c="dimmed">
        <OrMissing value={dataset.geography} /> · <OrMissing value={dataset.product} /> · release{' '}
        {version} ({systemModel}) · Dataset ID {dataset.id}
      </Text>
      <Group gap="xs" mt={4}>
        <CopyLinkButton link={props.link} />
        <CiteThis
          cite={() =>
            citeDataset({ release, releaseDate: props.releaseDate, dataset, accessed: new Date() })
          }
        />
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={paths.indicators(release, { ind: linked, dataset: id })}
        >
          Change indicators
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={paths.compare(release, { ds: [id], ind: linked })}
        >
          Compare
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={paths.history(release, id, { ind: props.ind })}
        >
          Across releases
        </Button>
      </Group>
    </Stack>
  );
}
