import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { ImpactScore } from '../../../../shared/api/schemas';
import { exactScore, formatScore } from '../../../lib/format';

/** Scores grouped by method › category, each with its unit, the exact value on hover. */
export function ScoresTable({ scores }: { scores: readonly ImpactScore[] }) {
  const sorted = [...scores].sort(
    (a, b) =>
      a.method.localeCompare(b.method) ||
      a.category.localeCompare(b.category) ||
      a.indicator.localeCompare(b.indicator),
  );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Impact scores" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Method</Table.Th>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col">Indicator</Table.Th>
            <Table.Th scope="col" ta="right">
              Score
            </Table.Th>
            <Table.Th scope="col">Unit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((score, index) => {
            const previous = sorted[index - 1];
            const newMethod = previous?.method !== score.method;
            return (
              <Table.Tr key={score.id}>
                <Table.Td fw={newMethod ? 600 : undefined} c={newMethod ? undefined : 'dimmed'}>
                  {score.method}
                </Table.Td>
                <Table.Td>{score.category}</Table.Td>
                <Table.Td>
                  {score.indicator}{' '}
                  <Text span size="xs" c="dimmed">
                    #{score.id}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  <Tooltip label={`exact: ${exactScore(score.score)}`}>
                    <span
                      tabIndex={0}
                      aria-label={`${formatScore(score.score)}, exactly ${exactScore(score.score)}`}
                    >
                      {formatScore(score.score)}
                    </span>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{score.unit}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A bar chart per unit: bars in one chart are comparable, as the same thing rated by several methods. */
export function ScoreCharts({ scores }: { scores: readonly ImpactScore[] }) {
  const byUnit = new Map<string, ImpactScore[]>();
  for (const score of scores) byUnit.set(score.unit, [...(byUnit.get(score.unit) ?? []), score]);
  const groups = [...byUnit].filter(([, list]) => list.length >= 1);
  return (
    <Stack gap="lg">
      {groups.map(([unit, list]) => (
        <Stack key={unit} gap={4}>
          <Title order={3} size="h5">
            {unit}
          </Title>
          <BarChart
            h={Math.max(80, list.length * 34 + 30)}
            data={list.map((score) => ({
              name: `${score.method} · ${score.category}`,
              score: score.score,
            }))}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 260 }}
            valueFormatter={formatScore}
            series={[{ name: 'score', color: 'teal.6', label: unit }]}
            aria-label={`Scores in ${unit}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
