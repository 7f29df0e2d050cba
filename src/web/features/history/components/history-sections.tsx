import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import type { DocumentationRow } from '../across-releases';
import { DocumentationDiff } from './documentation-diff';
import { HistoryScores } from './history-scores';

/** A titled part of the history page, named for assistive technology by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Each release's documentation side by side, what differs from the release viewed marked. */
export function DocumentationSection(props: {
  version: string;
  versions: string[];
  rows: DocumentationRow[];
  pending: boolean;
}) {
  return (
    <Section title="Documentation">
      <Text size="sm" c="dimmed">
        Highlighted: what differs from {props.version}.
      </Text>
      {props.pending ? (
        <Skeleton h={240} aria-label="Loading the documentation" />
      ) : (
        <DocumentationDiff rows={props.rows} versions={props.versions} />
      )}
    </Section>
  );
}

/** The indicators scored, a way to change them, and the scores in each release once agreed to. */
export function ScoresSection({
  release,
  id,
  pending,
  ...props
}: Parameters<typeof HistoryScores>[0] & {
  release: ReleaseRef;
  /** The dataset's ID in the release viewed. */
  id: number;
  /** The catalogue is still loading. */
  pending: boolean;
}) {
  const { indicators } = props.indicators;
  return (
    <Section title="Scores">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {indicators.length > 0
            ? `For ${indicators.map((indicator) => `${indicator.indicator} (${indicator.method})`).join('; ')}.`
            : 'No indicators chosen.'}
        </Text>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={paths.indicators(release, { ind: [...props.ind], dataset: id, back: 'history' })}
        >
          Change indicators
        </Button>
      </Group>
      {pending ? (
        <Skeleton h={80} aria-label="Loading the indicators" />
      ) : (
        <HistoryScores {...props} />
      )}
    </Section>
  );
}
