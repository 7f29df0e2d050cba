import { Pagination } from '@mantine/core';

const CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Pages of a long list, every button named for screen readers ("Page 3", "Next page"). */
export function PageControl(props: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** What is paged, e.g. "Result pages". */
  label: string;
  size?: 'sm' | 'md';
}) {
  return (
    <Pagination
      total={props.total}
      value={props.value}
      onChange={props.onChange}
      size={props.size ?? 'md'}
      aria-label={props.label}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROLS[control] })}
    />
  );
}
