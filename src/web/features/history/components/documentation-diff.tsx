import { Box, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Missing } from '../../../components/data/missing';
import { usePhone } from '../../../lib/screen';
import type { DocumentationRow } from '../across-releases';

type Cell = DocumentationRow['cells'][number];

const DIFFERS = 'var(--mantine-color-yellow-light)';

/** A release's value of a field, or why there is none. */
function CellValue({ row, cell }: { row: DocumentationRow; cell: Cell }) {
  return (
    <>
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
    </>
  );
}

/**
 * A dataset's documentation in each release side by side; a value that differs from the
 * release being viewed is highlighted, and says so to screen readers too. On a phone, one cell a
 * field, each release's value under its name: a column a release puts most off the screen.
 */
export function DocumentationDiff({
  rows,
  versions,
}: {
  rows: readonly DocumentationRow[];
  versions: readonly string[];
}) {
  const phone = usePhone();
  if (phone)
    return (
      <Table verticalSpacing={4} aria-label="Documentation across releases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field, in each release</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={700}>
                    {row.label}
                  </Text>
                  {row.cells.map((cell) => (
                    <Box
                      key={cell.version}
                      bg={cell.differs ? DIFFERS : undefined}
                      data-differs={cell.differs || undefined}
                      px={4}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <Text size="xs" c="dimmed">
                        {cell.version}
                      </Text>
                      <CellValue row={row} cell={cell} />
                    </Box>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
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
                  bg={cell.differs ? DIFFERS : undefined}
                  data-differs={cell.differs || undefined}
                >
                  <CellValue row={row} cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
