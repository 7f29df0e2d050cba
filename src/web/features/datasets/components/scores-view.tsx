import { BarChart } from '../../../components/charts/lazy-charts';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { ImpactScore } from '../../../../shared/api/schemas';
import { formatScore } from '../../../lib/format';
import { chartLabeller } from '../../../lib/indicator-label';
import { usePhone } from '../../../lib/screen';
import type { GivenScore } from '../../scores/answers';
import { ScoreValue } from '../../scores/components/score-value';
import { NO_SCORE } from '../../../../shared/scores/no-score';

/**
 * Scores grouped by method › category, each with its unit, the exact value on hover. On a phone
 * each row is the indicator (wrapping) and its score with the unit, so the value is never off
 * the side of the screen.
 */
export function ScoresTable({ scores }: { scores: readonly ImpactScore[] }) {
  const phone = usePhone();
  const sorted = [...scores].sort(
    (a, b) =>
      a.method.localeCompare(b.method) ||
      a.category.localeCompare(b.category) ||
      a.indicator.localeCompare(b.indicator),
  );
  if (phone) {
    return (
      <Table aria-label="Impact scores" striped withTableBorder layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Indicator</Table.Th>
            <Table.Th scope="col" ta="right" w="38%">
              Score
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((score) => (
            <Table.Tr key={score.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="xs" c="dimmed">
                  {score.method} › {score.category}
                </Text>
                {score.indicator}{' '}
                <Text span size="xs" c="dimmed">
                  #{score.id}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                <ScoreValue score={score.score} />
                <Text size="xs" c="dimmed" ff="body">
                  {score.unit}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
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
                  <ScoreValue score={score.score} />
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

/**
 * A bar chart per unit: bars in one chart are comparable, as the same thing rated by several
 * methods. Each bar carries its value, as a phone has no pointer to hover with.
 */
export function ScoreCharts({ scores }: { scores: readonly ImpactScore[] }) {
  const phone = usePhone();
  const byUnit = new Map<string, GivenScore[]>();
  // A bar of "no score" would be a bar of 0: those indicators are named below the charts.
  const none = scores.filter((score) => score.score === null);
  for (const score of scores)
    if (score.score !== null)
      byUnit.set(score.unit, [...(byUnit.get(score.unit) ?? []), { ...score, score: score.score }]);
  return (
    <Stack gap="lg">
      {[...byUnit].map(([unit, list]) => {
        const name = chartLabeller(list);
        return (
          <Stack key={unit} gap={4}>
            <Title order={3} size="h5">
              {unit}
            </Title>
            <BarChart
              h={Math.max(80, list.length * 34 + 30)}
              data={list.map((score) => ({ name: name(score), score: score.score }))}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: phone ? 120 : 260 }}
              // Room on the right for the value after the longest bar.
              barChartProps={{ margin: { right: phone ? 72 : 96 } }}
              withBarValueLabel
              valueLabelProps={{ position: 'right', fontSize: 12 }}
              valueFormatter={formatScore}
              series={[{ name: 'score', color: 'teal.6', label: unit }]}
              aria-label={`Scores in ${unit}`}
            />
          </Stack>
        );
      })}
      {none.length > 0 && (
        <Text size="sm" c="dimmed">
          {NO_SCORE} (the data service gave none):{' '}
          {none
            .map((score) => `${score.method} › ${score.category} › ${score.indicator}`)
            .join('; ')}
        </Text>
      )}
    </Stack>
  );
}
