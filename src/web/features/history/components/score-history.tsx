import { LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { Missing } from '../../../components/data/missing';
import { formatChange } from '../../../lib/change';
import { exactScore, formatScore } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';
import { chartPoints, type ScoreRow } from '../across-releases';

type Cell = ScoreRow['cells'][number];

/** A score as shown, its exact value in its label (and on hover), or why there is none. */
function CellValue({ cell, base }: { cell: Cell; base: string }) {
  return (
    <>
      {cell.score === undefined ? (
        <Missing what={cell.loaded ? 'No score in this release' : 'Not loaded'} />
      ) : (
        <span
          title={exactScore(cell.score)}
          aria-label={`${formatScore(cell.score)}, exactly ${exactScore(cell.score)}`}
        >
          {formatScore(cell.score)}
        </span>
      )}
      {cell.version !== base && cell.score !== undefined && (
        <Text size="xs" c="dimmed">
          {formatChange(cell.change)} from {base}
        </Text>
      )}
    </>
  );
}

/**
 * On a phone, one row per release and indicator: the indicator's name wraps above its
 * releases, so every score stays on the screen instead of off the side of a wide table.
 */
function PhoneScores({ rows, base }: { rows: readonly ScoreRow[]; base: string }) {
  return (
    <Table verticalSpacing={4} aria-label="Scores across releases">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Release</Table.Th>
          <Table.Th>Score</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {rows.map((row) => (
        <Table.Tbody key={row.indicator.id}>
          <Table.Tr>
            <Table.Th scope="rowgroup" colSpan={2}>
              <Text size="sm">{row.indicator.indicator}</Text>
              <Text size="xs" c="dimmed">
                {row.indicator.method} › {row.indicator.category} ({row.indicator.unit})
              </Text>
            </Table.Th>
          </Table.Tr>
          {row.cells.map((cell) => (
            <Table.Tr key={cell.version}>
              <Table.Th scope="row">{cell.version}</Table.Th>
              <Table.Td>
                <CellValue cell={cell} base={base} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      ))}
    </Table>
  );
}

const COLOURS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6'];
const percent = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

/** The y axis from a little below the lowest value to a little above the highest, in whole %. */
const nearBelow = (lowest: number) => Math.floor(lowest - Math.max(1, Math.abs(lowest) * 0.01));
const nearAbove = (highest: number) => Math.ceil(highest + Math.max(1, Math.abs(highest) * 0.01));

/**
 * The chosen indicators' scores in each release, with the change from the release being
 * viewed, and a small chart of each as a percentage of that release's score when there is more
 * than one release. The chart runs oldest to newest, left to right, as time does; the table
 * starts with the newest, as the rest of the explorer lists releases.
 */
export function ScoreHistory({
  rows,
  base,
  chart = true,
}: {
  rows: readonly ScoreRow[];
  base: string;
  chart?: boolean;
}) {
  const versions = rows[0]?.cells.map((c) => c.version) ?? [];
  const phone = usePhone();
  const series = rows.map((row, i) => ({
    name: String(row.indicator.id),
    // The method too: GWP100 of IPCC 2021 and of EF v3.1 are otherwise the same words.
    label: `${row.indicator.indicator} (${row.indicator.method})`,
    color: COLOURS[i % COLOURS.length] ?? 'blue.6',
  }));
  return (
    <Stack gap="sm">
      {phone ? (
        <PhoneScores rows={rows} base={base} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={4} aria-label="Scores across releases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Indicator</Table.Th>
                {versions.map((version) => (
                  <Table.Th key={version}>{version}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.indicator.id}>
                  <Table.Th scope="row">
                    <Text size="sm">{row.indicator.indicator}</Text>
                    <Text size="xs" c="dimmed">
                      {row.indicator.method} › {row.indicator.category} ({row.indicator.unit})
                    </Text>
                  </Table.Th>
                  {row.cells.map((cell) => (
                    <Table.Td key={cell.version}>
                      <CellValue cell={cell} base={base} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {chart && versions.length > 1 && rows.length > 0 && (
        // The chart's tooltip, placed beside the pointer, may reach past the screen's edge: it is
        // cut there rather than making the whole page scroll sideways on a phone.
        <div style={{ overflowX: 'clip' }}>
          <LineChart
            h={phone ? 200 : 260}
            data={chartPoints(rows, base)}
            dataKey="version"
            series={series}
            valueFormatter={(value) => `${percent.format(value)} %`}
            yAxisLabel={`% of ${base}`}
            // Around the values, not from 0: a change of 1.5 % must show, and every line sits
            // near 100 %.
            yAxisProps={{ domain: [nearBelow, nearAbove] }}
            connectNulls
            // Room at both ends, so the first and last release's points are not cut in half.
            xAxisProps={{ padding: { left: 24, right: 24 } }}
            aria-label={`Chart of the scores in each release, as a percentage of ${base}`}
          />
          {/* The legend below the plot, wrapping as the screen needs: inside the chart it took
              the plot's height, all of it on a phone. */}
          <Group gap="xs" mt="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {series.map((line) => (
              <Group key={line.name} gap={6} wrap="nowrap" component="li">
                <ColorSwatch
                  size={10}
                  color={`var(--mantine-color-${line.color.replace('.', '-')})`}
                  withShadow={false}
                  aria-hidden
                />
                <Text size="xs">{line.label}</Text>
              </Group>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}
