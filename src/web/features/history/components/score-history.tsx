import { LineChart } from '../../../components/charts/lazy-charts';
import { Anchor, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { shareText } from '../../../../shared/matching/words';
import { indicatorLinkText } from '../../../../shared/scores/score-change';
import { ScoreClassBadge } from '../../../components/data/change-badge';
import { Missing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import { formatChange } from '../../../lib/change';
import { exactScore, formatScore } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';
import { chartPoints } from '../across-releases';
import { noScoreText, type ScoreCell, type ScoreRow } from '../score-cells';

/** Where the cells' links go: a dataset's history in another release. */
interface Links {
  systemModel: string;
  ind: readonly number[];
}

/**
 * A release's score and why it differs from the base's: the number (exact on hover), the change
 * from the base, the indicator scored there when it is another, a split's parts and their mix or
 * a merge's sources, and the class with its sentence.
 */
function CellValue({ cell, base, links }: { cell: ScoreCell; base: string; links: Links }) {
  const counterpart = cell.counterpart?.counterpart;
  return (
    <Stack gap={2}>
      {cell.score === undefined || cell.score === null ? (
        <Missing what={noScoreText(cell)} />
      ) : (
        <span
          title={exactScore(cell.score)}
          aria-label={`${formatScore(cell.score)}, exactly ${exactScore(cell.score)}`}
        >
          {cell.mix ? `mix ${formatScore(cell.score)}` : formatScore(cell.score)}
        </span>
      )}
      {cell.version !== base && cell.change !== null && (
        <Text size="xs" c="dimmed">
          {formatChange(cell.change)} from {base}
          {cell.mix ? ', against the share-weighted mix' : ''}
        </Text>
      )}
      {counterpart && cell.link.kind !== 'same' && (
        <Text size="xs" c="dimmed">
          As {counterpart.indicator.id} ({indicatorLinkText(cell.link)})
        </Text>
      )}
      {cell.parts.length > 0 && (
        <Text size="xs" c="dimmed" component="div">
          {cell.mix ? 'Split into:' : 'Merged from:'}
          {cell.parts.map((part) => (
            <div key={part.datasetId}>
              {part.datasetId} {part.geography ?? ''}
              {part.share !== null ? ` ${shareText(part.share)}` : ''}:{' '}
              {part.score === undefined
                ? 'not loaded'
                : part.score === null
                  ? 'no score'
                  : formatScore(part.score)}
              {!cell.mix && part.datasetId === cell.datasetId ? ' (compared)' : ''}
            </div>
          ))}
        </Text>
      )}
      {cell.partOf && (
        <Text size="xs" c="dimmed">
          The dataset here is one part
          {cell.partOf.share !== null ? ` (${shareText(cell.partOf.share)})` : ''} of what{' '}
          {cell.partOf.datasetId} became: compared with that part alone.{' '}
          <Anchor
            component={Link}
            size="xs"
            to={paths.history(
              { version: cell.version, systemModel: links.systemModel },
              cell.partOf.datasetId,
              { ind: links.ind },
            )}
          >
            {cell.partOf.datasetId} across releases
          </Anchor>{' '}
          has the share-weighted mix.
        </Text>
      )}
      {cell.class && (
        <>
          <div>
            <ScoreClassBadge change={cell.class} />
          </div>
          <Text size="xs" c="dimmed">
            {cell.class.why}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * On a phone, one row per release and indicator: the indicator's name wraps above its
 * releases, so every score stays on the screen instead of off the side of a wide table.
 */
function PhoneScores({
  rows,
  base,
  links,
}: {
  rows: readonly ScoreRow[];
  base: string;
  links: Links;
}) {
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
                <CellValue cell={cell} base={base} links={links} />
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
  systemModel,
  ind,
}: {
  rows: readonly ScoreRow[];
  base: string;
  chart?: boolean;
  systemModel: string;
  /** The indicator set links keep. */
  ind: readonly number[];
}) {
  const links = { systemModel, ind };
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
        <PhoneScores rows={rows} base={base} links={links} />
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
                      <CellValue cell={cell} base={base} links={links} />
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
