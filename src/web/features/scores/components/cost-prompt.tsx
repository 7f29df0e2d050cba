import { Alert, Button, Stack, Text } from '@mantine/core';
import { describeCharges, type NewCharges } from '../bill';

/**
 * What loading scores adds to this period's licence bill, and the button that loads them. Shown
 * for every request that would charge anything new, however the page got there.
 */
export function CostPrompt(props: {
  title: string;
  charges: NewCharges;
  /** Scores already charged are on screen; this asks for the rest. */
  partShown?: boolean;
  onLoad: () => void;
}) {
  const added = describeCharges(props.charges);
  return (
    <Alert color="blue" title={props.title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {added
            ? `Loading them adds ${added} to this period’s licence bill.`
            : 'Already charged this period: loading them costs nothing more.'}
          {props.partShown && ' Scores already charged are shown; the rest waits for you.'}
        </Text>
        <Button onClick={props.onLoad}>Load scores</Button>
      </Stack>
    </Alert>
  );
}
