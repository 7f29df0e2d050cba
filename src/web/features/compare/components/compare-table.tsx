import { ActionIcon, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconX } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { Dataset, Indicator, ImpactScore } from '../../../../shared/api/schemas';
import { OrMissing } from '../../../components/data/missing';
import { exactScore, formatScore } from '../../../lib/format';
import classes from './compare-table.module.css';

export interface CompareTableProps {
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, ImpactScore>> | undefined;
  view: 'absolute' | 'relative';
  sortBy: number | undefined;
  onSort: (datasetId: number | undefined) => void;
  onRemove: (datasetId: number) => void;
}

const INDICATOR_WIDTH = 300;
const UNIT_WIDTH = 130;
const DATASET_WIDTH = 150;

/**
 * One cell: one element whose text is the value and whose background draws the bar, with a
 * native title, because a comparison can hold 2 000 of them: a tooltip component per cell took
 * seconds, and four elements with inline styles per cell were still most of the render.
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
  const percent = Math.round(share * 100);
  const shown = relative && largest > 0 ? `${percent} %` : formatScore(value);
  return (
    <div
      tabIndex={0}
      className={value < 0 ? `${classes.score} ${classes.negative}` : classes.score}
      style={{ '--share': `${percent}%` } as CSSProperties}
      title={`exact: ${exactScore(value)} ${unit}`}
      aria-label={`${shown} ${unit}, exactly ${exactScore(value)}`}
    >
      {shown}
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
    <Table.ScrollContainer
      minWidth={INDICATOR_WIDTH + UNIT_WIDTH + datasets.length * DATASET_WIDTH}
    >
      {/* Fixed layout: 2 000 cells sized by the column widths, not measured by their text. */}
      <Table
        aria-label="Comparison"
        withTableBorder
        withColumnBorders
        striped
        stickyHeader
        className={classes.table}
      >
        <colgroup>
          <col style={{ width: INDICATOR_WIDTH }} />
          <col style={{ width: UNIT_WIDTH }} />
          {datasets.map((dataset) => (
            <col key={dataset.id} style={{ width: DATASET_WIDTH }} />
          ))}
        </colgroup>
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
                    aria-label={`Sort by ${dataset.activity ?? `dataset ${dataset.id}`}, ${dataset.geography ?? 'no geography'}`}
                  >
                    <Stack gap={0}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        <OrMissing value={dataset.activity} what="No activity name" />
                      </Text>
                      <Text size="xs" c="dimmed">
                        <OrMissing value={dataset.geography} what="no geography" /> · {dataset.id}{' '}
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
                {/* Plain elements in the body: a hundred rows of Text components cost too. */}
                <th scope="row" className={classes.rowHeader}>
                  <div className={newGroup ? classes.methodFirst : classes.method}>
                    {indicator.method}
                  </div>
                  <div>
                    {indicator.category} › {indicator.indicator}
                  </div>
                </th>
                <td className={classes.unit}>{indicator.unit}</td>
                {values.map((v, column) => (
                  <td key={datasets[column]?.id} className={classes.cell}>
                    {v === undefined ? (
                      <span className={classes.missing}>{scores ? 'n/a' : '·'}</span>
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
