import { Alert, Button, FileButton, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { MAX_LIST_ENTRIES } from '../../../../shared/api/routes';
import type { ParsedList } from '../../../../shared/dataset-list';
import { formatCount } from '../../../lib/format';

interface ListInputProps {
  text: string;
  onTextChange: (text: string) => void;
  /** `parseDatasetList(text)`, parsed once by the page. */
  parsed: ParsedList;
}

/** Problems listed at most; the count says how many more there are. */
const SHOWN_PROBLEMS = 20;

/**
 * A list to check: pasted or uploaded, one entry a line or a CSV with a header row. What the
 * parser could not read, or read twice, is listed by line, so the user can fix the source.
 */
export function ListInput({ text, onTextChange, parsed }: ListInputProps) {
  const problems = parsed.ok ? parsed.problems : [];
  return (
    <Stack gap="xs">
      <Textarea
        label="Datasets"
        description={`One per line (Dataset ID, activity or product UUID, ecoSpold file name), or a CSV with a header row (id, file, uuid, or activity, product, geography); up to ${formatCount(MAX_LIST_ENTRIES)}.`}
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        rows={8}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="sm">
        <FileButton
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          onChange={(file) => {
            if (file) void file.text().then(onTextChange);
          }}
        >
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              Upload a file
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" aria-live="polite">
          {parsed.ok
            ? `${formatCount(parsed.entries.length)} ${parsed.entries.length === 1 ? 'entry' : 'entries'}${parsed.format === 'csv' ? ' (CSV)' : ''}${problems.length > 0 ? `, ${formatCount(problems.length)} ${problems.length === 1 ? 'line' : 'lines'} left out` : ''}`
            : ''}
        </Text>
      </Group>
      {!parsed.ok && (
        <Alert color="red" title="The list is too long">
          {parsed.error}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="yellow" title="Lines left out">
          <List size="sm" spacing={2}>
            {problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
              <List.Item key={`${problem.line}-${problem.kind}`}>
                Line {problem.line}: {problem.message}
              </List.Item>
            ))}
          </List>
          {problems.length > SHOWN_PROBLEMS && (
            <Text size="sm" mt={4}>
              … and {formatCount(problems.length - SHOWN_PROBLEMS)} more.
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
