import { Autocomplete } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/idle';
import { suggestGeographies } from '../geographies';

/**
 * A searchable geography field: a code or a name in any case finds the data service's display
 * name ("germany" → Germany (DE)), which is what the search sends (resolved on submit too).
 */
export function GeographyInput(props: {
  value: string;
  onChange: (value: string) => void;
  /** Display names met in answers, offered beside the known ones. */
  seen: readonly string[];
}) {
  // Its list drawn, hidden, once the page is idle: drawn with the page it held back the search
  // results (0.3 s on a slow laptop), drawn by the first key it held back that key (INP 250
  // against 150 ms; \`npm run bench -- vitals\`). The theme draws other choosers' when opened.
  // A transition too, so a click that comes meanwhile need not wait for the whole of it.
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setReady(true))), []);
  // Opened as a transition: the click (or focus) paints the field at once and the list follows
  // in a render React may interrupt, where opening it in the click held the click's paint back
  // for the list's mount (about 100 ms on a slow laptop, when clicked before the page was idle).
  const [opened, setOpened] = useState(false);
  return (
    <Autocomplete
      label="Geography"
      description="Code or name, e.g. DE or germany"
      placeholder="Any"
      data={suggestGeographies(props.value, props.seen)}
      // Already ranked by code and name; the default filter would only match the display text.
      filter={({ options }) => options}
      value={props.value}
      onChange={props.onChange}
      dropdownOpened={opened}
      // Kept mounted from its first opening on, so the idle callback never changes how a list
      // already open is kept.
      onDropdownOpen={() =>
        startTransition(() => {
          setOpened(true);
          setReady(true);
        })
      }
      onDropdownClose={() => setOpened(false)}
      // Left before the list came (tabbing through the form): it does not open after.
      onBlur={() => setOpened(false)}
      clearable
      maxDropdownHeight={280}
      comboboxProps={{ keepMounted: ready }}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}
