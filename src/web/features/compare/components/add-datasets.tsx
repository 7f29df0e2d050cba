import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { ColumnTokenSchema, type CompareColumn } from '../../../config/compare-link';
import { MAX_COMPARED, type ReleaseRef } from '../../../config/routes';
import { releaseKey } from '../../scores/planner';
import { columnKey, releaseName, sameRelease } from '../columns';

/**
 * What a typed or pasted list adds: Dataset IDs in the release chosen (or `ID@version/system_model`
 * naming their own), each column once; and what it leaves out and why.
 */
export function readDatasetIds(
  text: string,
  /** The columns there are (`columnKey`). */
  current: readonly string[],
  /** The release the IDs are added in; the page's unless another is chosen. */
  release: ReleaseRef,
) {
  const tokens = text.split(/[\s,;]+/).filter(Boolean);
  const invalid: string[] = [];
  const known = new Set(current);
  const fresh: { id: number; release: ReleaseRef }[] = [];
  for (const token of tokens) {
    const parsed = ColumnTokenSchema.safeParse(token);
    if (!parsed.success) {
      invalid.push(token);
      continue;
    }
    const column = { id: parsed.data.id, release: parsed.data.release ?? release };
    const key = columnKey(column.id, column.release);
    if (known.has(key)) continue;
    known.add(key);
    fresh.push(column);
  }
  const room = Math.max(0, MAX_COMPARED - current.length);
  return { added: fresh.slice(0, room), tooMany: fresh.slice(room), invalid };
}

/**
 * "Add dataset by ID": one ID or a pasted list ("5635, 5764"), in the page's release or another
 * of the licence (the same dataset under APOS beside cut-off, or in an older version); says what
 * it could not add.
 */
export function AddDatasets(props: {
  current: readonly string[];
  shown: ReleaseRef;
  /** The licence's releases, to add a dataset of another; the page's alone while unknown. */
  releases: readonly ReleaseRef[];
  onAdd: (columns: CompareColumn[]) => void;
}) {
  const { shown } = props;
  const [text, setText] = useState('');
  const [note, setNote] = useState<string>();
  const [chosen, setChosen] = useState(releaseKey(shown));
  const releases = props.releases.some((release) => sameRelease(release, shown))
    ? props.releases
    : [shown, ...props.releases];
  const release = releases.find((candidate) => releaseKey(candidate) === chosen) ?? shown;
  const full = props.current.length >= MAX_COMPARED;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const { added, tooMany, invalid } = readDatasetIds(text, props.current, release);
    if (added.length > 0)
      props.onAdd(
        added.map((column) => (sameRelease(column.release, shown) ? { id: column.id } : column)),
      );
    const problems = [
      invalid.length > 0 &&
        `${invalid.map((token) => `“${token}”`).join(', ')} ${invalid.length === 1 ? 'is not a Dataset ID' : 'are not Dataset IDs'}`,
      tooMany.length > 0 &&
        `${tooMany.map((column) => column.id).join(', ')} not added: a comparison holds ${MAX_COMPARED} datasets`,
    ].filter((problem): problem is string => typeof problem === 'string');
    setNote(problems.length > 0 ? `${problems.join('; ')}.` : undefined);
    setText(
      problems.length > 0
        ? [...invalid, ...tooMany.map((column) => String(column.id))].join(', ')
        : '',
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add datasets">
      <Group gap={4} align="end" wrap={releases.length > 1 ? 'wrap' : 'nowrap'}>
        <TextInput
          label="Add dataset by ID"
          placeholder="8279, 2989"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          flex={1}
          miw={140}
          maw={220}
          error={note ? true : undefined}
          aria-describedby={note ? 'add-datasets-note' : undefined}
        />
        {releases.length > 1 && (
          <Select
            label="in release"
            allowDeselect={false}
            data={releases.map((candidate) => ({
              value: releaseKey(candidate),
              label: releaseName(candidate),
            }))}
            value={releaseKey(release)}
            onChange={(value) => setChosen(value ?? releaseKey(shown))}
            w={170}
            comboboxProps={{ width: 240, position: 'bottom-start' }}
          />
        )}
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
