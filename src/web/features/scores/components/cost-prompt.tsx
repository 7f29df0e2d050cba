import { Alert, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { plural } from '../../../lib/format';
import { describeCharges, describeElsewhere, type NewCharges } from '../bill';

/** What a yes loads, named: the datasets and the indicators (method › category › name). */
export interface ScoreLoad {
  datasets: readonly { id: number; name: string }[];
  indicators: readonly { id: number; method: string; category: string; indicator: string }[];
}

/** A dataset as the prompt names it: "market for cement, Germany (DE) (1234)". */
export function datasetLabel(dataset: {
  id: number;
  activity: string | null;
  geography: string | null;
}): string {
  return `${dataset.activity ?? 'no activity name'}, ${dataset.geography ?? 'no geography'} (${dataset.id})`;
}

function Named(props: {
  heading: string;
  items: readonly { id: number; text: string; isNew: boolean }[];
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {props.heading}
      </Text>
      {/* A long list scrolls, and the keyboard can reach it to scroll it. */}
      <List
        size="sm"
        spacing={2}
        aria-label={props.heading}
        mah={160}
        style={{ overflowY: 'auto' }}
        tabIndex={0}
      >
        {props.items.map((item) => (
          <List.Item key={item.id} style={{ overflowWrap: 'anywhere' }}>
            {item.text}
            {item.isNew && (
              <Text span size="xs" c="dimmed">
                {' '}
                · new this period
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * What loading scores adds to this period's licence bill, what it loads by name, and the button
 * that loads them. Shown for every request that would charge anything new, however the page got
 * there.
 */
export function CostPrompt(props: {
  title: string;
  charges: NewCharges;
  /** The datasets and indicators a yes loads, to name them; a caller without names leaves it out. */
  loads?: ScoreLoad;
  /** Scores already charged are on screen; this asks for the rest. */
  partShown?: boolean;
  /** Datasets charged this period only in another release (the bill's `elsewhere`). */
  elsewhere?: readonly number[];
  onLoad: () => void;
}) {
  const added = describeCharges(props.charges);
  const elsewhere = describeElsewhere(props.elsewhere ?? []);
  const newDatasets = new Set(props.charges.datasets);
  const newIndicators = new Set(props.charges.indicators);
  const { loads } = props;
  return (
    <Alert color="blue" title={props.title}>
      <Stack gap="xs" align="stretch">
        <Text size="sm">
          {added
            ? `Loading them adds ${added} to this period’s licence bill.`
            : elsewhere
              ? 'Each is charged this period under its ID.'
              : 'Already charged this period: loading them costs nothing more.'}
          {elsewhere && ` ${elsewhere}.`}
          {props.partShown && ' Scores already charged are shown; the rest waits for you.'}
        </Text>
        {loads && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Named
              heading={`It loads ${plural(loads.datasets.length, 'dataset')}`}
              items={loads.datasets.map((dataset) => ({
                id: dataset.id,
                text: dataset.name,
                isNew: newDatasets.has(dataset.id),
              }))}
            />
            <Named
              heading={`on ${plural(loads.indicators.length, 'indicator')}`}
              items={loads.indicators.map((indicator) => ({
                id: indicator.id,
                text: `${indicator.method} › ${indicator.category} › ${indicator.indicator}`,
                isNew: newIndicators.has(indicator.id),
              }))}
            />
          </SimpleGrid>
        )}
        <Group>
          <Button onClick={props.onLoad}>Load scores</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
