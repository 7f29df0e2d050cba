import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { deleteList, saveList, savedLists, type SavedList } from '../saved-lists';

interface SavedListsPanelProps {
  /** The list as it is in the box, and the release it comes from, to save. */
  text: string;
  from: string | undefined;
  /** Candidates chosen in the results of this list, saved with it. */
  chosen: ReadonlyMap<number, number>;
  onOpen: (list: SavedList) => void;
}

/**
 * Lists kept by name in this browser: save the one in the box, open one again (to check it
 * against this release, or any other the header switches to), or delete it.
 */
export function SavedListsPanel(props: SavedListsPanelProps) {
  const { text, from, onOpen } = props;
  const [lists, setLists] = useState(savedLists);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const selected = lists.find((list) => list.name === picked);

  const save = () => {
    if (from === undefined) return;
    const saved = saveList({ name, text, from, chosen: props.chosen });
    setMessage(
      saved.ok
        ? { ok: true, text: `Saved as “${name.trim()}” in this browser.` }
        : { ok: false, text: saved.reason },
    );
    setLists(savedLists());
    if (saved.ok) setPicked(name.trim());
  };

  return (
    <Stack gap="xs">
      <Group align="end" gap="sm">
        <TextInput
          label="List name"
          placeholder="e.g. Model A, 2025"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        <Button
          variant="default"
          onClick={save}
          disabled={text.trim() === '' || name.trim() === '' || from === undefined}
        >
          Save list
        </Button>
        <Select
          label="Saved lists"
          placeholder={lists.length > 0 ? 'Choose a list' : 'None saved yet'}
          data={lists.map((list) => ({
            value: list.name,
            label: `${list.name} (from ${list.from})`,
          }))}
          value={picked}
          onChange={setPicked}
          disabled={lists.length === 0}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          variant="default"
          disabled={!selected}
          onClick={() => {
            if (!selected) return;
            setMessage(undefined);
            onOpen(selected);
          }}
        >
          Open and check
        </Button>
        <Button
          variant="subtle"
          color="red"
          disabled={!selected}
          onClick={() => {
            if (!selected) return;
            deleteList(selected.name);
            setLists(savedLists());
            setPicked(null);
            setMessage({ ok: true, text: `Deleted “${selected.name}”.` });
          }}
        >
          Delete
        </Button>
      </Group>
      {message && (
        <Text size="sm" c={message.ok ? 'dimmed' : 'var(--mantine-color-error)'} role="status">
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
