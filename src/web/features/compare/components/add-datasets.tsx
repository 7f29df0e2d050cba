import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { MAX_COMPARED } from '../../../config/routes';
import { parseIdList } from '../../../lib/search-params';

/** What a typed or pasted list of IDs adds, and what it leaves out and why. */
export function readDatasetIds(text: string, current: readonly number[]) {
  const tokens = text.split(/[\s,;]+/).filter(Boolean);
  const invalid = tokens.filter((token) => parseIdList(token).length === 0);
  const fresh = parseIdList(text).filter((id) => !current.includes(id));
  const room = Math.max(0, MAX_COMPARED - current.length);
  return { added: fresh.slice(0, room), tooMany: fresh.slice(room), invalid };
}

/** "Add dataset by ID": one ID or a pasted list ("5635, 5764"); says what it could not add. */
export function AddDatasets(props: { current: readonly number[]; onAdd: (ids: number[]) => void }) {
  const [text, setText] = useState('');
  const [note, setNote] = useState<string>();
  const full = props.current.length >= MAX_COMPARED;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const { added, tooMany, invalid } = readDatasetIds(text, props.current);
    if (added.length > 0) props.onAdd(added);
    const problems = [
      invalid.length > 0 &&
        `${invalid.map((token) => `“${token}”`).join(', ')} ${invalid.length === 1 ? 'is not a Dataset ID' : 'are not Dataset IDs'}`,
      tooMany.length > 0 &&
        `${tooMany.join(', ')} not added: a comparison holds ${MAX_COMPARED} datasets`,
    ].filter((problem): problem is string => typeof problem === 'string');
    setNote(problems.length > 0 ? `${problems.join('; ')}.` : undefined);
    setText(problems.length > 0 ? [...invalid, ...tooMany].join(', ') : '');
  };
  return (
    <form onSubmit={submit} aria-label="Add datasets">
      <Group gap={4} align="end" wrap="nowrap">
        <TextInput
          label="Add dataset by ID"
          placeholder="8279, 2989"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          flex={1}
          maw={220}
          error={note ? true : undefined}
          aria-describedby={note ? 'add-datasets-note' : undefined}
        />
        <Button type="submit" variant="default" disabled={full}>
          Add
        </Button>
      </Group>
      {note && (
        <Text
          id="add-datasets-note"
          size="xs"
          c="red.8"
          mt={4}
          role="status"
          maw={360}
          style={{ overflowWrap: 'anywhere' }}
        >
          {note}
        </Text>
      )}
    </form>
  );
}
