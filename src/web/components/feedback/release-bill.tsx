import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { plural } from '../../lib/format';

export interface ReleaseBillLine {
  version: string;
  /** Datasets whose scores would be asked for in this release. */
  datasets: number;
  /** Of those, the ones whose ID the proxy has not seen charged this period. */
  unseen: number;
}

interface ReleaseBillProps {
  title: string;
  releases: readonly ReleaseBillLine[];
  /** Distinct Dataset IDs the proxy has not seen charged this period, over all releases. */
  newDatasets: number;
  newIndicators: number;
  /** Whether loading would make this user one of the period's users. */
  newUser: boolean;
  /** Some scores are on screen already (held from before); this asks for the rest. */
  partShown?: boolean;
  loadLabel: string;
  onLoad: () => void;
}

function seen(line: ReleaseBillLine) {
  if (line.unseen === line.datasets)
    return line.datasets === 1 ? 'new this period' : 'all new this period';
  if (line.unseen === 0)
    return line.datasets === 1 ? 'its ID charged this period' : 'their IDs charged this period';
  return `${line.unseen} of them new this period`;
}

/**
 * What loading scores from several releases asks for, release by release, before anything is
 * loaded. The data service charges each release separately but the proxy counts Dataset IDs,
 * so what it adds is stated as the least the bill grows by.
 */
export function ReleaseBill(props: ReleaseBillProps) {
  const added = [
    props.newDatasets > 0 && plural(props.newDatasets, 'new dataset'),
    props.newIndicators > 0 && plural(props.newIndicators, 'new indicator'),
    props.newUser && 'you as a user',
  ].filter((part): part is string => typeof part === 'string');
  const last = added.pop();
  const summary = last === undefined ? undefined : [added.join(', '), last].filter(Boolean);
  return (
    <Alert color="blue" title={props.title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The data service charges each release separately. Scores would be asked for:
        </Text>
        <List size="sm" spacing={2} aria-label="Scores asked for, by release">
          {props.releases.map((line) => (
            <List.Item key={line.version}>
              {line.version}: {plural(line.datasets, 'dataset')}, {seen(line)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          {summary
            ? `Loading them adds at least ${summary.join(' and ')} to this period’s licence bill; a dataset already charged in one release may be charged again for another.`
            : 'Every dataset and indicator is charged this period under its ID; a dataset charged in one release may still be charged again for another.'}
          {props.partShown && ' Scores already loaded are shown; the rest waits for you.'}
        </Text>
        <Button onClick={props.onLoad}>{props.loadLabel}</Button>
      </Stack>
    </Alert>
  );
}
