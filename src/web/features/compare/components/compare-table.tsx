import { ActionIcon, Anchor, Badge, Table, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconX } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Dataset, Indicator } from '../../../../shared/api/schemas';
import type { GivenScore } from '../../scores/answers';
import { OrMissing } from '../../../components/data/missing';
import { exactScore, rowFormatter } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';
import {
  formatPercent,
  largestPerUnit,
  nextRank,
  rankDatasets,
  relativeShare,
  tableRows,
  type Rank,
} from '../ranking';
import { referenceOf } from './reference-note';
import classes from './compare-table.module.css';

export interface CompareTableProps {
  datasets: readonly Dataset[];
  indicators: readonly Indicator[];
  scores: ReadonlyMap<number, ReadonlyMap<number, GivenScore>>;
  /** Whether a cell's score was asked for (and so is missing only if the service has none). */
  loaded: (datasetId: number, indicatorId: number) => boolean;
  view: 'absolute' | 'relative';
  /** Relative view: the dataset that is 100 %; undefined = each row's largest value. */
  baseline: number | undefined;
  rank: Rank | undefined;
  onRank: (rank: Rank | undefined) => void;
  onRemove: (datasetId: number) => void;
  /** The dataset's own page, which its column header links to. */
  datasetHref: (datasetId: number) => string;
}

/** Column widths: on a phone the sticky indicator column leaves room for a dataset beside it. */
const WIDTHS = {
  wide: { indicator: 280, unit: 120, dataset: 180 },
  phone: { indicator: 136, unit: 0, dataset: 150 },
};

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
  href: string;
}) {
  const { dataset } = props;
  return (
    <div className={classes.datasetHeader}>
      <Anchor component={Link} to={props.href} className={classes.activity} inherit>
        <OrMissing value={dataset.activity} />
      </Anchor>
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
  const phone = usePhone();
  const width = phone ? WIDTHS.phone : WIDTHS.wide;
  const datasets = rankDatasets(props.datasets, scores, rank);
  const value = (datasetId: number, indicatorId: number) =>
    scores.get(datasetId)?.get(indicatorId)?.score;
  const rows = tableRows(indicators);
  const [only] = datasets;
  // One dataset: measured against its own largest value in each unit (see largestPerUnit).
  const perUnit =
    datasets.length === 1 && only
      ? largestPerUnit(rows, (indicatorId) => value(only.id, indicatorId))
      : undefined;
  const base = datasets.some((d) => d.id === baseline) && !perUnit ? baseline : undefined;
  const hasBaseline = base !== undefined;
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={width.indicator + width.unit + datasets.length * width.dataset}
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
          <col style={{ width: width.indicator }} />
          {!phone && <col style={{ width: width.unit }} />}
          {datasets.map((dataset) => (
            <col key={dataset.id} style={{ width: width.dataset }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.corner}>
              {phone ? 'Indicator (unit)' : 'Indicator'}
            </Table.Th>
            {!phone && <Table.Th scope="col">Unit</Table.Th>}
            {datasets.map((dataset) => (
              <Table.Th key={dataset.id} scope="col">
                <DatasetHeader
                  dataset={dataset}
                  baseline={dataset.id === base}
                  onRemove={props.onRemove}
                  href={props.datasetHref(dataset.id)}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((indicator, index) => {
            const values = datasets.map((dataset) => value(dataset.id, indicator.id));
            const largest =
              perUnit?.get(indicator.unit) ?? Math.max(0, ...values.map((v) => Math.abs(v ?? 0)));
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
                    {phone && <span className={classes.method}>{indicator.unit}</span>}
                  </UnstyledButton>
                </th>
                {!phone && <td className={classes.unit}>{indicator.unit}</td>}
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
                    view !== 'relative'
                      ? undefined
                      : perUnit
                        ? largest > 0
                          ? (v / largest) * 100
                          : undefined
                        : relativeShare(
                            v,
                            values,
                            base === undefined ? undefined : value(base, indicator.id),
                            hasBaseline,
                          );
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
