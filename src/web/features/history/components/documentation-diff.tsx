import { Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { Missing } from '../../../components/data/missing';
import type { DocumentationRow } from '../across-releases';

/**
 * A dataset's documentation in each release side by side; a value that differs from the
 * release being viewed is highlighted, and says so to screen readers too.
 */
export function DocumentationDiff({
  rows,
  versions,
}: {
  rows: readonly DocumentationRow[];
  versions: readonly string[];
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={4} aria-label="Documentation across releases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            {versions.map((version) => (
              <Table.Th key={version}>{version}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Th scope="row">{row.label}</Table.Th>
              {row.cells.map((cell) => (
                <Table.Td
                  key={cell.version}
                  bg={cell.differs ? 'var(--mantine-color-yellow-light)' : undefined}
                  data-differs={cell.differs || undefined}
                >
                  {cell.state === 'not found' ? (
                    <Missing what="Not in this release" />
                  ) : cell.state === 'loading' ? (
                    <Skeleton h={14} w={80} aria-label={`Loading ${cell.version}`} />
                  ) : cell.value === null ? (
                    <Missing />
                  ) : (
                    <Text size="sm" lineClamp={row.field === 'description' ? 4 : undefined}>
                      {cell.value}
                    </Text>
                  )}
                  {cell.differs && <VisuallyHidden> (changed)</VisuallyHidden>}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
