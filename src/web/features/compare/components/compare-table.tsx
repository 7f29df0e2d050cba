import { ActionIcon, Anchor, Badge, Table } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconX } from '@tabler/icons-react';
import { lazy, memo, Suspense, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Indicator } from '../../../../shared/api/schemas';
import { OrMissing } from '../../../components/data/missing';
import type { ReleaseRef } from '../../../config/routes';
import { exactScore, rowFormatter } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';
import { ROWS_FIRST } from '../../../lib/second-pass';
import {
  followedText,
  releaseName,
  sameRelease,
  type Column,
  type Followed,
  type ShownColumn,
} from '../columns';
import {
  formatPercent,
  largestPerUnit,
  nextRank,
  rankColumns,
  relativeShare,
  tableRows,
  type Rank,
} from '../ranking';
import { referenceOf } from './reference-note';
import classes from './compare-table.module.css';

export interface CompareTableProps {
  /** The columns, each a dataset in its own release. */
  columns: readonly ShownColumn[];
  /** The rows: indicators of the page's release. */
  indicators: readonly Indicator[];
  /** The page's release, whose indicators the rows are. */
  shown: ReleaseRef;
  /** A column's score for a row, on the row's indicator in the column's release. */
  value: (column: Column, indicatorId: number) => number | undefined;
  /** Whether a cell's score was asked for (and so is missing only if the service has none). */
  loaded: (column: Column, indicatorId: number) => boolean;
  /** A row's indicator in a release: itself, its counterpart there, or none and why. */
  followed: (release: ReleaseRef, indicatorId: number) => Followed | undefined;
  view: 'absolute' | 'relative';
  /** Relative view: the column (its key) that is 100 %; undefined = each row's largest value. */
  baseline: string | undefined;
  rank: Rank | undefined;
  onRank: (rank: Rank | undefined) => void;
  onRemove: (column: Column) => void;
  /** The dataset's own page in its release, which its column header links to. */
  datasetHref: (column: Column) => string;
  /** Scores are on their way (aria-busy): the cells will change. */
  busy?: boolean;
}

/**
 * Past this many cells, only the rows near the screen are drawn (and drawn again as the table
 * scrolls): the cells a page creates, styles and lays out when its scores arrive are what it
 * costs, about 0.3 ms each to create and as much to lay out on a mid-range laptop, all in one
 * task. A smaller table is drawn whole, so find-in-page and printing see every row.
 */
export const DRAWN_WHOLE_CELLS = 400;

/** Whether a table of `rows` × `columns` draws only the rows near the screen (see above). */
export const drawnInWindows = (rows: number, columns: number) => rows * columns > DRAWN_WHOLE_CELLS;

/** The windowed body, loaded when a table is that long; the page's loader fetches it early. */
export const loadWindowedRows = () => import('./windowed-rows');
const WindowedRows = lazy(loadWindowedRows);

/** What the table's scroll container leaves of the screen's height: it is 120 px less tall. */
const HEAD_ROOM = 120;

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
function ScoreCell(props: {
  value: number;
  shown: string;
  share: number;
  unit: string;
  /** Scored on another indicator of its release (the row's counterpart there): which, and why. */
  followed: string | undefined;
}) {
  const { value, shown, share, unit, followed } = props;
  const percent = Math.round(Math.min(1, share) * 100);
  const classNames = [classes.score, value < 0 && classes.negative, followed && classes.followed];
  return (
    <div
      tabIndex={0}
      className={classNames.filter(Boolean).join(' ')}
      style={{ '--share': `${percent}%` } as CSSProperties}
      title={`exact: ${exactScore(value)} ${unit}${followed ? `. ${followed}` : ''}`}
      aria-label={`${shown} ${unit}, exactly ${exactScore(value)}${followed ? `. ${followed}` : ''}`}
    >
      {shown}
    </div>
  );
}

/** A cell without a score, and why: not loaded yet, none from the service, or no indicator there. */
function NoScore(props: { followed: Followed | undefined; asked: boolean; why: string }) {
  const { followed } = props;
  const [text, title] =
    followed?.kind === 'none'
      ? ['no counterpart', props.why]
      : followed?.kind === 'not listed' || followed?.kind === 'failed'
        ? ['not followed', props.why]
        : followed?.kind === 'pending' || followed === undefined
          ? ['·', props.why]
          : props.asked
            ? ['n/a', 'The data service has no score']
            : ['·', 'Not loaded'];
  return (
    <span className={classes.missing} title={title}>
      {text}
    </span>
  );
}

/** Memoised: drawn again when its column, its link or its being 100 % changes, not with each score. */
const DatasetHeader = memo(function DatasetHeader(props: {
  column: ShownColumn;
  /** The page's own release: a column of another names its release first. */
  shown: ReleaseRef;
  baseline: boolean;
  onRemove: (column: Column) => void;
  href: string;
}) {
  const { column } = props;
  const { dataset } = column;
  const elsewhere = !sameRelease(column.release, props.shown);
  return (
    <div className={classes.datasetHeader}>
      <div className={elsewhere ? classes.releaseOther : classes.release}>
        {releaseName(column.release)}
      </div>
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
      {/* A native title, not a Tooltip: each Tooltip sets its state again as it mounts, so 20
          columns of them were part of a synchronous render set off by the table's commit (a CPU
          profile of one load on the laptop profile). */}
      <ActionIcon
        className={classes.remove}
        variant="subtle"
        size="sm"
        onClick={() => props.onRemove(column)}
        title="Remove from the comparison"
        aria-label={`Remove dataset ${dataset.id}${elsewhere ? ` of ${releaseName(column.release)}` : ''}`}
      >
        <IconX size={14} />
      </ActionIcon>
    </div>
  );
});

/**
 * Datasets as columns, each in its release with its reference product and unit; indicators of
 * the page's release as rows grouped by method › category with their units, a column of another
 * release scored on each one's counterpart there (marked †, and said) or saying why it has none.
 * A row's header ranks the columns by that indicator, so only values in one unit are ever
 * ordered against each other. Each cell has a bar against the row's largest; relative view
 * shows a share of the baseline column, or of the row's largest. Past DRAWN_WHOLE_CELLS cells
 * only the rows near the screen are drawn; the table says how many rows it has (aria-rowcount).
 */
export function CompareTable(props: CompareTableProps) {
  const { indicators, value, loaded, followed, view, baseline, rank, onRank } = props;
  const phone = usePhone();
  const width = phone ? WIDTHS.phone : WIDTHS.wide;
  const columns = rankColumns(props.columns, value, rank);
  const rows = tableRows(indicators);
  const [only] = columns;
  // One column: measured against its own largest value in each unit (see largestPerUnit).
  const perUnit =
    columns.length === 1 && only
      ? largestPerUnit(rows, (indicatorId) => value(only, indicatorId))
      : undefined;
  const base = perUnit ? undefined : columns.find((column) => column.key === baseline);

  // The scroll container as state, not a ref: a windowed body already loaded mounts with the
  // table, and its effects run before a parent's ref is set; as state it is drawn again with it.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // The header's height, where the body begins in the scroll container (its dataset names wrap).
  const { ref: headRef, height: headHeight } = useElementSize<HTMLTableSectionElement>();
  const windowed = drawnInWindows(rows.length, columns.length);
  const span = (phone ? 1 : 2) + columns.length;
  /** One body row, by its place in the whole table; `measure` when only some rows are drawn. */
  const row = (index: number, measure?: (row: HTMLTableRowElement | null) => void) => {
    const indicator = rows[index];
    if (!indicator) return null;
    const values = columns.map((column) => value(column, indicator.id));
    const largest =
      perUnit?.get(indicator.unit) ?? Math.max(0, ...values.map((v) => Math.abs(v ?? 0)));
    const format = rowFormatter(values);
    const newGroup = rows[index - 1]?.method !== indicator.method;
    const ranked = rank?.indicatorId === indicator.id ? rank.direction : undefined;
    const RankIcon =
      ranked === 'desc' ? IconArrowDown : ranked === 'asc' ? IconArrowUp : IconArrowsSort;
    const name = `${indicator.method} › ${indicator.category} › ${indicator.indicator}`;
    return (
      // Plain elements in the body, not Mantine's: each of its components is a few more
      // renders, and the body is drawn again as the scores arrive.
      <tr
        key={indicator.id}
        // Striped by the row's place in the whole table, not among the rows drawn.
        className={index % 2 === 0 ? `${classes.row} ${classes.stripe}` : classes.row}
        aria-rowindex={windowed ? index + 2 : undefined}
        data-index={index}
        ref={measure}
      >
        <th
          scope="row"
          className={classes.rowHeader}
          aria-sort={ranked === 'desc' ? 'descending' : ranked === 'asc' ? 'ascending' : undefined}
        >
          <button
            type="button"
            className={`${classes.rankButton} mantine-focus-auto`}
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
          </button>
        </th>
        {!phone && <td className={classes.unit}>{indicator.unit}</td>}
        {values.map((v, at) => {
          const column = columns[at];
          if (!column) return null;
          const here = followed(column.release, indicator.id);
          const why = followedText(here, column.release, props.shown);
          if (v === undefined)
            return (
              <td key={column.key} className={classes.cell}>
                <NoScore followed={here} asked={loaded(column, indicator.id)} why={why} />
              </td>
            );
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
                    base !== undefined,
                  );
          const shown =
            view === 'relative' ? (share === undefined ? 'n/a' : formatPercent(share)) : format(v);
          return (
            <td key={column.key} className={classes.cell}>
              <ScoreCell
                value={v}
                shown={shown}
                share={largest > 0 ? Math.abs(v) / largest : 0}
                unit={indicator.unit}
                followed={here?.kind === 'counterpart' ? why : undefined}
              />
            </td>
          );
        })}
      </tr>
    );
  };
  return (
    <Table.ScrollContainer
      ref={setScroller}
      type="native"
      minWidth={width.indicator + width.unit + columns.length * width.dataset}
      maxHeight={`calc(100dvh - ${String(HEAD_ROOM)}px)`}
    >
      {/* Fixed layout: 2 000 cells sized by the column widths, not measured by their text. */}
      <Table
        aria-label="Comparison"
        aria-busy={props.busy}
        aria-rowcount={windowed ? rows.length + 1 : undefined}
        withTableBorder
        withColumnBorders
        stickyHeader
        className={classes.table}
      >
        <colgroup>
          <col style={{ width: width.indicator }} />
          {!phone && <col style={{ width: width.unit }} />}
          {columns.map((column) => (
            <col key={column.key} style={{ width: width.dataset }} />
          ))}
        </colgroup>
        <Table.Thead ref={headRef}>
          <Table.Tr aria-rowindex={windowed ? 1 : undefined}>
            <Table.Th scope="col" className={classes.corner}>
              {phone ? 'Indicator (unit)' : 'Indicator'}
            </Table.Th>
            {!phone && <Table.Th scope="col">Unit</Table.Th>}
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col">
                <DatasetHeader
                  column={column}
                  shown={props.shown}
                  baseline={column.key === base?.key}
                  onRemove={props.onRemove}
                  href={props.datasetHref(column)}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {windowed ? (
            // The first rows while the windowing's code loads (the loader fetches it early).
            <Suspense fallback={rows.slice(0, ROWS_FIRST).map((_, index) => row(index))}>
              <WindowedRows
                count={rows.length}
                scroller={scroller}
                viewHeight={Math.max(0, window.innerHeight - HEAD_ROOM)}
                headHeight={headHeight}
                phone={phone}
                span={span}
                row={row}
              />
            </Suspense>
          ) : (
            rows.map((_, index) => row(index))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
