import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import classes from './dense.module.css';

/*
 * A long table's rows drawn with plain elements. Each Mantine Text, Anchor or Table.Td resolves
 * its props, styles and class names when drawn: in a table of 100 rows with a few of each per
 * row, that was most of the second or two a slow laptop took to show What changed or a search's
 * results. The header and the table itself stay Mantine's, so the rows look the same.
 */

export const dense = classes;

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A row of a striped table (`striped`) or a plain one. */
export function DenseRow({ striped, children }: { striped?: boolean; children: ReactNode }) {
  return <tr className={join(classes.row, striped && classes.striped)}>{children}</tr>;
}

/** A cell; `wrapAnywhere` breaks a long word rather than widen a phone's table. */
export function DenseCell({
  wrapAnywhere,
  children,
}: {
  wrapAnywhere?: boolean;
  children?: ReactNode;
}) {
  return <td className={join(classes.cell, wrapAnywhere && classes.anywhere)}>{children}</td>;
}

/** A link within the explorer, as a Mantine Anchor of that size draws it. */
export function DenseLink({
  to,
  size,
  strong,
  children,
  ...aria
}: {
  to: To;
  size: 'xs' | 'sm';
  strong?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <Link
      to={to}
      className={join('mantine-focus-auto', classes.link, classes[size], strong && classes.strong)}
      {...aria}
    >
      {children}
    </Link>
  );
}

/** A line of text (`span` within a line), as Mantine's Text of that size draws it. */
export function DenseText({
  size,
  dimmed,
  strong,
  span,
  children,
}: {
  size: 'xs' | 'sm';
  dimmed?: boolean;
  strong?: boolean;
  span?: boolean;
  children: ReactNode;
}) {
  const className = join(classes[size], dimmed && classes.dimmed, strong && classes.strong);
  return span ? (
    <span className={className}>{children}</span>
  ) : (
    <p className={className}>{children}</p>
  );
}
