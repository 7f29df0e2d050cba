import { ActionIcon, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconX } from '@tabler/icons-react';
import type { Dataset, Indicator, ImpactScore } from '../../../../shared/upstream';
import { exactScore, formatScore } from '../../../lib/format';

export interface CompareTableProps {
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, ImpactScore>> | undefined;
  view: 'absolute' | 'relative';
  sortBy: number | undefined;
  onSort: (datasetId: number | undefined) => void;
  onRemove: (datasetId: number) => void;
}

/** Score cells are plain <td>s (2 000 Mantine components cost seconds), dressed like the table's. */
const CELL = {
  fontFamily: 'var(--mantine-font-family-monospace)',
  textAlign: 'right',
  padding:
    'var(--table-vertical-spacing) var(--table-horizontal-spacing, var(--mantine-spacing-xs))',
  borderInlineStart: '1px solid var(--table-border-color)',
} as const;
const TRACK = {
  height: 6,
  marginTop: 2,
  borderRadius: 3,
  background: 'var(--mantine-color-default-border)',
} as const;

/**
 * One cell: plain elements and a native title, because a comparison can hold 2 000 of them and
 * a tooltip component per cell made the table take seconds to appear.
 */
function ScoreCell({
  value,
  largest,
  unit,
  relative,
}: {
  value: number;
  largest: number;
  unit: string;
  relative: boolean;
}) {
  const share = largest > 0 ? Math.min(1, Math.abs(value) / largest) : 0;
  const shown = relative && largest > 0 ? `${Math.round(share * 100)} %` : formatScore(value);
  return (
    <div
      tabIndex={0}
      title={`exact: ${exactScore(value)} ${unit}`}
      aria-label={`${shown} ${unit}, exactly ${exactScore(value)}`}
    >
      <span style={{ whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-sm)' }}>{shown}</span>
      <div style={TRACK} aria-hidden>
        <div
          style={{
            height: 6,
            borderRadius: 3,
            width: `${Math.round(share * 100)}%`,
            background: value < 0 ? 'var(--mantine-color-orange-8)' : 'var(--mantine-color-teal-9)',
          }}
        />
      </div>
    </div>
  );
}

/**
 * Datasets as columns, indicators as rows grouped by method › category with their units; each
 * cell a value and a bar against the row's largest. Relative shows the share of that largest.
 */
export function CompareTable({
  datasets,
  indicators,
  scores,
  view,
  sortBy,
  onSort,
  onRemove,
}: CompareTableProps) {
  const value = (datasetId: number, indicatorId: number) =>
    scores?.get(datasetId)?.get(indicatorId)?.score;
  const rows = [...indicators].sort((a, b) => {
    if (sortBy !== undefined)
      return (value(sortBy, b.id) ?? -Infinity) - (value(sortBy, a.id) ?? -Infinity);
    return (
      a.method.localeCompare(b.method) ||
      a.category.localeCompare(b.category) ||
      a.indicator.localeCompare(b.indicator)
    );
  });
  return (
    <Table.ScrollContainer minWidth={360 + datasets.length * 150}>
      <Table aria-label="Comparison" withTableBorder withColumnBorders striped stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Indicator</Table.Th>
            <Table.Th scope="col">Unit</Table.Th>
            {datasets.map((dataset) => (
              <Table.Th
                key={dataset.id}
                scope="col"
                miw={150}
                aria-sort={sortBy === dataset.id ? 'descending' : 'none'}
              >
                <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
                  <UnstyledButton
                    onClick={() => onSort(sortBy === dataset.id ? undefined : dataset.id)}
                    aria-label={`Sort by ${dataset.activity}, ${dataset.geography}`}
                  >
                    <Stack gap={0}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        {dataset.activity}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {dataset.geography} · {dataset.id}{' '}
                        {sortBy === dataset.id && <IconArrowDown size={12} aria-hidden />}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                  <Tooltip label="Remove from the comparison">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={() => onRemove(dataset.id)}
                      aria-label={`Remove dataset ${dataset.id}`}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((indicator, index) => {
            const values = datasets.map((dataset) => value(dataset.id, indicator.id));
            const largest = Math.max(0, ...values.map((v) => Math.abs(v ?? 0)));
            const previous = sortBy === undefined ? rows[index - 1] : undefined;
            const newGroup = previous?.method !== indicator.method;
            return (
              <Table.Tr key={indicator.id}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={newGroup ? 600 : 400} c={newGroup ? undefined : 'dimmed'}>
                    {indicator.method}
                  </Text>
                  <Text size="sm">
                    {indicator.category} › {indicator.indicator}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {indicator.unit}
                  </Text>
                </Table.Td>
                {values.map((v, column) => (
                  <td key={datasets[column]?.id} style={CELL}>
                    {v === undefined ? (
                      <Text size="sm" c="dimmed">
                        {scores ? 'n/a' : '·'}
                      </Text>
                    ) : (
                      <ScoreCell
                        value={v}
                        largest={largest}
                        unit={indicator.unit}
                        relative={view === 'relative'}
                      />
                    )}
                  </td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
