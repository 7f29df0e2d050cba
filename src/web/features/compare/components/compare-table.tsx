import { ActionIcon, Badge, Table, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconX } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { Dataset, Indicator, ImpactScore } from '../../../../shared/api/schemas';
import { OrMissing } from '../../../components/data/missing';
import { exactScore, rowFormatter } from '../../../lib/format';
import { formatPercent, nextRank, rankDatasets, relativeShare, type Rank } from '../ranking';
import { referenceOf } from './reference-note';
import classes from './compare-table.module.css';

export interface CompareTableProps {
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, ImpactScore>>;
  /** Whether a cell's score was asked for (and so is missing only if the service has none). */
  loaded: (datasetId: number, indicatorId: number) => boolean;
  view: 'absolute' | 'relative';
  /** Relative view: the dataset that is 100 %; undefined = each row's largest value. */
  baseline: number | undefined;
  rank: Rank | undefined;
  onRank: (rank: Rank | undefined) => void;
  onRemove: (datasetId: number) => void;
}

const INDICATOR_WIDTH = 280;
const UNIT_WIDTH = 120;
const DATASET_WIDTH = 180;

/**
 * One cell: one element whose text is the value and whose background draws the bar, with a
 * native title, because a comparison can hold 2 000 of them: a tooltip component per cell took
 * seconds, and four elements with inline styles per cell were still most of the render.
 */
function ScoreCell(props: { value: number; shown: string; share: number; unit: string }) {
  const { value, shown, share, unit } = props;
  const percent = Math.round(Math.min(1, share) * 100);
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

function DatasetHeader(props: {
  dataset: Dataset;
  baseline: boolean;
  onRemove: (id: number) => void;
}) {
  const { dataset } = props;
  return (
    <div className={classes.datasetHeader}>
      <div className={classes.activity}>
        <OrMissing value={dataset.activity} />
      </div>
      <div className={classes.reference}>per {referenceOf(dataset)}</div>
      <div className={classes.reference}>
        <OrMissing value={dataset.geography} /> · {dataset.id}{' '}
        {props.baseline && (
          <Badge size="xs" variant="outline">
            100 %
          </Badge>
        )}
      </div>
      <Tooltip label="Remove from the comparison">
        <ActionIcon
          className={classes.remove}
          variant="subtle"
          size="sm"
          onClick={() => props.onRemove(dataset.id)}
          aria-label={`Remove dataset ${dataset.id}`}
        >
          <IconX size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

/**
 * Datasets as columns, each with its reference product and unit; indicators as rows grouped by
 * method › category with their units. A row's header ranks the datasets by that indicator, so
 * only values in one unit are ever ordered against each other. Each cell has a bar against the
 * row's largest; relative view shows a share of the baseline dataset, or of the row's largest.
 */
export function CompareTable(props: CompareTableProps) {
  const { indicators, scores, loaded, view, baseline, rank, onRank } = props;
  const datasets = rankDatasets(props.datasets, scores, rank);
  const value = (datasetId: number, indicatorId: number) =>
    scores.get(datasetId)?.get(indicatorId)?.score;
  const rows = [...indicators].sort(
    (a, b) =>
      a.method.localeCompare(b.method) ||
      a.category.localeCompare(b.category) ||
      a.indicator.localeCompare(b.indicator),
  );
  const base = datasets.some((d) => d.id === baseline) ? baseline : undefined;
  const hasBaseline = base !== undefined;
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={INDICATOR_WIDTH + UNIT_WIDTH + datasets.length * DATASET_WIDTH}
      maxHeight="calc(100dvh - 120px)"
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
            <Table.Th scope="col" className={classes.corner}>
              Indicator
            </Table.Th>
            <Table.Th scope="col">Unit</Table.Th>
            {datasets.map((dataset) => (
              <Table.Th key={dataset.id} scope="col">
                <DatasetHeader
                  dataset={dataset}
                  baseline={dataset.id === base}
                  onRemove={props.onRemove}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((indicator, index) => {
            const values = datasets.map((dataset) => value(dataset.id, indicator.id));
            const largest = Math.max(0, ...values.map((v) => Math.abs(v ?? 0)));
            const format = rowFormatter(values);
            const newGroup = rows[index - 1]?.method !== indicator.method;
            const ranked = rank?.indicatorId === indicator.id ? rank.direction : undefined;
            const RankIcon =
              ranked === 'desc' ? IconArrowDown : ranked === 'asc' ? IconArrowUp : IconArrowsSort;
            const name = `${indicator.method} › ${indicator.category} › ${indicator.indicator}`;
            return (
              <Table.Tr key={indicator.id}>
                {/* Plain elements in the body: a hundred rows of Text components cost too. */}
                <th
                  scope="row"
                  className={classes.rowHeader}
                  aria-sort={
                    ranked === 'desc' ? 'descending' : ranked === 'asc' ? 'ascending' : undefined
                  }
                >
                  <UnstyledButton
                    className={classes.rankButton}
                    onClick={() => onRank(nextRank(rank, indicator.id))}
                    aria-label={`Rank datasets by ${name}${ranked ? `, now ${ranked === 'desc' ? 'largest' : 'smallest'} first` : ''}`}
                  >
                    <span className={newGroup ? classes.methodFirst : classes.method}>
                      {indicator.method}
                    </span>
                    <span className={classes.rankLine}>
                      {indicator.category} › {indicator.indicator}
                      <RankIcon size={14} aria-hidden className={classes.rankIcon} />
                    </span>
                  </UnstyledButton>
                </th>
                <td className={classes.unit}>{indicator.unit}</td>
                {values.map((v, column) => {
                  const dataset = datasets[column];
                  if (!dataset) return null;
                  if (v === undefined) {
                    const asked = loaded(dataset.id, indicator.id);
                    return (
                      <td key={dataset.id} className={classes.cell}>
                        <span
                          className={classes.missing}
                          title={asked ? 'The data service has no score' : 'Not loaded'}
                        >
                          {asked ? 'n/a' : '·'}
                        </span>
                      </td>
                    );
                  }
                  const share =
                    view === 'relative'
                      ? relativeShare(
                          v,
                          values,
                          base === undefined ? undefined : value(base, indicator.id),
                          hasBaseline,
                        )
                      : undefined;
                  const shown =
                    view === 'relative'
                      ? share === undefined
                        ? 'n/a'
                        : formatPercent(share)
                      : format(v);
                  return (
                    <td key={dataset.id} className={classes.cell}>
                      <ScoreCell
                        value={v}
                        shown={shown}
                        share={largest > 0 ? Math.abs(v) / largest : 0}
                        unit={indicator.unit}
                      />
                    </td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
