import {
  Box,
  Button,
  CopyButton,
  Group,
  Paper,
  Pill,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import type { Indicator } from '../../../../shared/api/schemas';
import { plural } from '../../../lib/format';
import { indicatorLabeller } from '../../../lib/indicator-label';
import { deleteSet, saveSet, useSavedSets } from '../saved-sets';

/**
 * The set being built, always in view whatever the filter shows: each indicator removable, the
 * set saved under a name in this browser, a saved one loaded, and a link that shares it by name.
 */
export function IndicatorSet(props: {
  indicators: readonly Indicator[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** The shared set's name from the link, if any. */
  name: string;
  onName: (name: string) => void;
  /** The link to this set (IDs and name). */
  link: string;
}) {
  const { selected, onChange } = props;
  const saved = useSavedSets();
  const [draft, setDraft] = useState(props.name);
  const byId = new Map(props.indicators.map((indicator) => [indicator.id, indicator]));
  const name = indicatorLabeller(props.indicators);
  const current = saved.find((set) => set.name === props.name);
  const unsaved =
    props.name !== '' && (current === undefined || current.ids.join(',') !== selected.join(','));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!draft.trim() || selected.length === 0) return;
    saveSet(draft, selected);
    props.onName(draft.trim());
  };
  if (selected.length === 0 && saved.length === 0 && props.name === '') {
    return (
      <Text size="sm" c="dimmed">
        Tick indicators, or a method’s or category’s box for all of it, to build a set; it can then
        be saved under a name and shared as a link.
      </Text>
    );
  }
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {props.name ? `Set “${props.name}”: ` : 'Your set: '}
            {selected.length === 0 ? 'no indicators yet' : plural(selected.length, 'indicator')}
          </Text>
          {saved.length > 0 && (
            <Select
              aria-label="Open a saved set"
              placeholder="Open a saved set"
              size="xs"
              data={saved.map((set) => set.name)}
              // An action, not a state: any set may be opened again, the current one too.
              value={null}
              allowDeselect={false}
              onChange={(name) => {
                const set = saved.find((candidate) => candidate.name === name);
                if (!set) return;
                setDraft(set.name);
                props.onName(set.name);
                onChange(set.ids);
              }}
              w={220}
            />
          )}
        </Group>
        {selected.length > 0 && (
          <Box mah={140} style={{ overflowY: 'auto' }}>
            <Group gap={6} aria-label="Your set" role="list">
              {selected.map((id) => {
                const indicator = byId.get(id);
                const label = indicator
                  ? `${name(indicator)} (${id})`
                  : `${id} (not in this release)`;
                return (
                  <Pill
                    key={id}
                    role="listitem"
                    // Whole names, wrapped on a narrow screen: GWP20 and GWP100 differ at the end.
                    styles={{
                      root: { height: 'auto', flex: '0 1 auto' },
                      label: { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 2 },
                    }}
                    withRemoveButton
                    removeButtonProps={{
                      // Mantine hides it from the keyboard (it expects a PillsInput's Backspace).
                      'aria-hidden': false,
                      tabIndex: 0,
                      'aria-label': `Remove ${label} from the set`,
                    }}
                    onRemove={() => onChange(selected.filter((other) => other !== id))}
                  >
                    {label}
                  </Pill>
                );
              })}
            </Group>
          </Box>
        )}
        <form onSubmit={submit} aria-label="Save the set">
          <Group gap="xs" align="end">
            <TextInput
              size="xs"
              label="Name"
              placeholder="e.g. Climate headline"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={80}
              w={{ base: '100%', xs: 220 }}
            />
            <Button size="xs" type="submit" disabled={!draft.trim() || selected.length === 0}>
              {unsaved && draft.trim() === props.name
                ? `Save “${props.name}” to my sets`
                : 'Save set'}
            </Button>
            <CopyButton value={props.link}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" disabled={selected.length === 0} onClick={copy}>
                  {copied ? 'Link copied' : 'Copy link to the set'}
                </Button>
              )}
            </CopyButton>
            {current && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  deleteSet(current.name);
                  props.onName('');
                }}
              >
                Delete “{current.name}”
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
