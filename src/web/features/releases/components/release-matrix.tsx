import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SYSTEM_MODELS, systemModelLabel, compareVersions } from '../../../../shared/versions';
import type { VersionEntry } from '../../../../shared/api/schemas';
import { paths } from '../../../config/paths';

export interface ReleaseMatrixProps {
  versions: readonly VersionEntry[];
  current?: { version: string; systemModel: string } | undefined;
}

/**
 * The known system models first in their usual order, then any others the service offers or
 * lists (a name its data routes refuse is a column too, saying so).
 */
export function matrixColumns(versions: readonly VersionEntry[]): string[] {
  const known = Object.keys(SYSTEM_MODELS);
  const seen = versions.flatMap((entry) => [...entry.system_models, ...(entry.refused ?? [])]);
  return [...known, ...seen.filter((model) => !known.includes(model))].filter(
    (model, index, all) => all.indexOf(model) === index,
  );
}

/** Versions × system models: licensed combinations open, the others say why not. */
export function ReleaseMatrix({ versions, current }: ReleaseMatrixProps) {
  const columns = matrixColumns(versions);
  const rows = [...versions].sort((a, b) => compareVersions(b.version, a.version));
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder striped aria-label="Releases and system models">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Release</Table.Th>
            {columns.map((model) => (
              <Table.Th key={model} scope="col">
                <Text fw={600} size="sm">
                  {model}
                </Text>
                <Text size="xs" c="dimmed" fw={400}>
                  {systemModelLabel(model)}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.version}>
              <Table.Th scope="row">
                <Text fw={600}>{entry.version}</Text>
                {entry.release_date && (
                  <Text size="xs" c="dimmed">
                    released {entry.release_date}
                  </Text>
                )}
              </Table.Th>
              {columns.map((model) => {
                const isCurrent =
                  current?.version === entry.version && current.systemModel === model;
                if (isCurrent) {
                  return (
                    <Table.Td key={model} aria-current="page">
                      <Badge variant="filled">Viewing</Badge>
                    </Table.Td>
                  );
                }
                if (entry.refused?.includes(model)) {
                  // Listed by the service, refused by its data routes: never offered.
                  return (
                    <Table.Td key={model}>
                      <Text
                        size="sm"
                        c="dimmed"
                        title="The data service lists this combination, but its data routes refuse it"
                      >
                        Listed, but refused by the data service
                      </Text>
                    </Table.Td>
                  );
                }
                if (!entry.system_models.includes(model)) {
                  return (
                    <Table.Td key={model}>
                      <Text size="sm" c="dimmed">
                        Not in your licence
                      </Text>
                    </Table.Td>
                  );
                }
                return (
                  <Table.Td key={model}>
                    <Anchor
                      component={Link}
                      to={paths.release({ version: entry.version, systemModel: model })}
                      aria-label={`Open ${entry.version} ${model}`}
                    >
                      Open
                    </Anchor>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
