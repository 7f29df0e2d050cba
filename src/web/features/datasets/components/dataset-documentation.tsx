import {
  ActionIcon,
  Anchor,
  Badge,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Dataset } from '../../../../shared/api/schemas';
import { spoldFileName } from '../../../../shared/scores/table';
import { Missing, OrMissing } from '../../../components/data/missing';

function Copyable({ label, value }: { label: string; value: string | null }) {
  if (value === null) return <Missing />;
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Every documented field of the dataset; nothing here costs anything. Sectors and the ISIC
 * section link to the release's datasets that share them (`searchHref`).
 */
export function DatasetDocumentation({
  dataset,
  searchHref,
}: {
  dataset: Dataset;
  searchHref: (filter: { sector?: string; isic?: string }) => string;
}) {
  const rows: [string, React.ReactNode][] = [
    [
      'Reference product',
      <span key="product">
        <OrMissing value={dataset.product} /> (<OrMissing value={dataset.unit} />)
      </span>,
    ],
    ['Geography', <OrMissing key="geography" value={dataset.geography} />],
    ['Time period', <OrMissing key="time" value={dataset.time_period} />],
    ['Activity type', <OrMissing key="type" value={dataset.activity_type} />],
    [
      'ISIC section',
      dataset.isic_section === null ? (
        <Missing key="isic" />
      ) : (
        <Anchor
          key="isic"
          component={Link}
          to={searchHref({ isic: dataset.isic_section })}
          title="Datasets of this release in this ISIC section"
        >
          {dataset.isic_section}
        </Anchor>
      ),
    ],
    ['ISIC class', <OrMissing key="class" value={dataset.isic_class} />],
    [
      'Sectors',
      <Group gap={4} key="sectors">
        {dataset.sectors.length === 0 && <Missing what="None given by the data service" />}
        {dataset.sectors.map((sector) => (
          <Badge
            key={sector}
            variant="outline"
            component={Link}
            to={searchHref({ sector })}
            title={`Datasets of this release in the sector ${sector}`}
            style={{ cursor: 'pointer' }}
          >
            {sector}
          </Badge>
        ))}
      </Group>,
    ],
    ['Dataset ID', <Copyable key="id" label="Dataset ID" value={String(dataset.id)} />],
    [
      'Activity UUID',
      <Copyable key="a" label="activity UUID" value={dataset.activity_spold_uuid} />,
    ],
    ['Product UUID', <Copyable key="p" label="product UUID" value={dataset.product_spold_uuid} />],
    [
      'Geography UUID',
      <Copyable key="g" label="geography UUID" value={dataset.geography_spold_uuid} />,
    ],
    [
      'ecoSpold file',
      <Copyable key="file" label="ecoSpold file name" value={spoldFileName(dataset)} />,
    ],
  ];
  return (
    <Stack gap="sm">
      <Text>
        <OrMissing value={dataset.description} what="The data service gives no description." />
      </Text>
      <SimpleGrid cols={{ base: 1, md: 1 }}>
        <Table.ScrollContainer minWidth={320}>
          <Table
            aria-label="Dataset documentation"
            variant="vertical"
            withTableBorder
            layout="fixed"
          >
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={170}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SimpleGrid>
      <Group gap="md">
        {dataset.url !== null && (
          <Anchor href={dataset.url} target="_blank" rel="noreferrer">
            <Group gap={4}>
              Documentation in ecoQuery <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
        {dataset.url_history !== null && (
          <Anchor href={dataset.url_history} target="_blank" rel="noreferrer">
            <Group gap={4}>
              History in ecoQuery <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
