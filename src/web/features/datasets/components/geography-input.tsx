import { Autocomplete } from '@mantine/core';
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
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}
