import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { formatCount, plural } from '../../../lib/format';

/** How many IDs a row names before the rest waits behind "and N more": a row stays readable. */
const LISTED = 12;

/**
 * "2 datasets: 8279 market for electricity, CH; 2989 …": a count, and the IDs with names; past
 * twelve, "and 42 more" shows the rest, so no charged ID is ever out of reach.
 */
export function Named({
  noun,
  list,
  name,
}: {
  noun: string;
  list: readonly number[];
  name: (id: number) => string | undefined;
}) {
  const [all, setAll] = useState(false);
  const shown = (all ? list : list.slice(0, LISTED))
    .map((id) => {
      const known = name(id);
      return known ? `${id} ${known}` : String(id);
    })
    .join('; ');
  return (
    <>
      {plural(list.length, noun)}: {shown}
      {list.length > LISTED && !all && (
        <>
          ;{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setAll(true)}>
            and {formatCount(list.length - LISTED)} more
          </Anchor>
        </>
      )}
    </>
  );
}
