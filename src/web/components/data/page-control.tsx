import { Pagination } from '@mantine/core';
import type { RefObject } from 'react';

const CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Room left between the header and the top of a page turned to (px). */
const MARGIN = 8;

/**
 * Pages of a long list, every button named for screen readers ("Page 3", "Next page").
 * The control sits under the rows, so a page turned from there would open at its end: the
 * new page is shown from `top`, where the paged rows begin, when that is out of sight above
 * (under the header).
 */
export function PageControl(props: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** What is paged, e.g. "Result pages". */
  label: string;
  /** Where the paged rows begin: their heading, summary or table. */
  top: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md';
}) {
  const turn = (page: number) => {
    props.onChange(page);
    const top = props.top.current;
    if (!top) return;
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const at = top.getBoundingClientRect().top;
    if (at < header) window.scrollBy({ top: at - header - MARGIN });
  };
  return (
    <Pagination
      total={props.total}
      value={props.value}
      onChange={turn}
      size={props.size ?? 'md'}
      aria-label={props.label}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROLS[control] })}
    />
  );
}
