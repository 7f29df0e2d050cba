import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';
import { measureLater, observeRectLater, scrollWhenMoved } from '../../../lib/unforced-virtual';
import classes from './compare-table.module.css';

/** A row's height before it is measured: two lines and a bar; on a phone, three lines. */
const ROW_HEIGHT = { wide: 60, phone: 84 };

/** The height of the rows not drawn, above or below those that are; no row to a reader. */
function Spacer(props: { height: number; span: number }) {
  return (
    <tr aria-hidden className={classes.spacer} style={{ height: props.height }}>
      <td colSpan={props.span} />
    </tr>
  );
}

/**
 * A long comparison's body rows near the scrolled-to place (TanStack Virtual), a few more either
 * side so a row is drawn before it shows, and spacers for the rest. A module of its own, loaded
 * only for a table that long: TanStack Virtual is about 10 KB gzip.
 */
export default function WindowedRows(props: {
  count: number;
  /** The table's scroll container, once it is in the page. */
  scroller: HTMLDivElement | null;
  /** The scroll container's height until it is reported: its largest. */
  viewHeight: number;
  /** The sticky header's height: where the body begins in the scroll container. */
  headHeight: number;
  phone: boolean;
  /** Cells in a row, for the spacers. */
  span: number;
  row: (index: number, measure: (row: HTMLTableRowElement | null) => void) => ReactNode;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.count,
    getScrollElement: () => props.scroller,
    estimateSize: () => (props.phone ? ROW_HEIGHT.phone : ROW_HEIGHT.wide),
    scrollMargin: Math.round(props.headHeight),
    overscan: 4,
    // Sizes as reported after the browser's layout, none read in the commit (unforced-virtual).
    initialRect: { width: 0, height: props.viewHeight },
    observeElementRect: observeRectLater,
    measureElement: measureLater,
    scrollToFn: scrollWhenMoved,
  });
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const above = (items[0]?.start ?? margin) - margin;
  const below = virtualizer.getTotalSize() + margin - (items.at(-1)?.end ?? margin);
  return (
    <>
      {above > 0 && <Spacer height={above} span={props.span} />}
      {items.map((item) => props.row(item.index, virtualizer.measureElement))}
      {below > 0 && <Spacer height={below} span={props.span} />}
    </>
  );
}
