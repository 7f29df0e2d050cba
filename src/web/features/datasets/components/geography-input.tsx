import { Autocomplete } from '@mantine/core';
import { useEffect, useState } from 'react';
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
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
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
      clearable
      maxDropdownHeight={280}
      comboboxProps={{ keepMounted: ready }}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}
