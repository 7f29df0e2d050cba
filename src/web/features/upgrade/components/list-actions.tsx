import { Alert, Button, CopyButton, Group, Text } from '@mantine/core';
import type { shareableIds } from '../share-link';

/** "Check against" the release, and a link to the list when it is one a link can hold. */
export function ListActions({
  version,
  canCheck,
  onCheck,
  sharing,
  linkTo,
}: {
  /** The release checked against. */
  version: string;
  canCheck: boolean;
  onCheck: () => void;
  /** Whether the list checked travels in a link, and why not; undefined before a check. */
  sharing: ReturnType<typeof shareableIds> | undefined;
  /** The address opening the page with these IDs. */
  linkTo: (ids: number[]) => string;
}) {
  return (
    <Group gap="sm">
      <Button onClick={onCheck} disabled={!canCheck}>
        Check against {version}
      </Button>
      {sharing?.ok && (
        <CopyButton value={`${window.location.origin}${linkTo(sharing.ids)}`}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Link copied' : 'Copy link to this list'}
            </Button>
          )}
        </CopyButton>
      )}
      {sharing && !sharing.ok && (
        <Text size="sm" c="dimmed">
          {sharing.reason}
        </Text>
      )}
    </Group>
  );
}

/** The choices a link made that the page left out, each with why. */
export function DroppedChoices({ sentences }: { sentences: readonly string[] }) {
  if (sentences.length === 0) return null;
  return (
    <Alert color="yellow" title="Choices in the link left out">
      {sentences.map((sentence) => (
        <Text size="sm" key={sentence}>
          {sentence}
        </Text>
      ))}
    </Alert>
  );
}
