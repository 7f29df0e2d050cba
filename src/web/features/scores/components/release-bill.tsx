import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { plural } from '../../../lib/format';
import { describeCharges, describeElsewhere, type BillLine, type ScoreBill } from '../bill';
import { releaseKey } from '../planner';

interface ReleaseBillProps {
  title: string;
  bill: ScoreBill;
  /** Some scores are on screen already (held from before); this asks for the rest. */
  partShown?: boolean;
  loadLabel: string;
  onLoad: () => void;
  /**
   * What the bill counts that a reader would not expect, said before anything else: a split
   * scored in all its successors.
   */
  note?: string | undefined;
}

function seen(line: BillLine) {
  const { datasets, unseen, elsewhere } = line;
  if (unseen === datasets) return datasets === 1 ? 'new this period' : 'all new this period';
  if (elsewhere === datasets)
    return datasets === 1
      ? 'its ID charged this period, in another release only'
      : 'their IDs charged this period, in other releases only';
  if (unseen === 0 && elsewhere === 0)
    return datasets === 1 ? 'its ID charged this period' : 'their IDs charged this period';
  return [
    unseen > 0 && `${unseen} of them new this period`,
    elsewhere > 0 && `${elsewhere} charged in another release only`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What loading scores from several releases asks for, release by release, before anything is
 * loaded. The proxy counts Dataset IDs, as the data service's documents say it bills; whether an
 * ID is billed again in another release is not documented, so what it adds is stated as the
 * least the bill grows by, and the datasets charged only in another release are named as such.
 * A line names its system model too when the bill spans more than one.
 */
export function ReleaseBill({ title, bill, partShown, loadLabel, onLoad, note }: ReleaseBillProps) {
  const added = describeCharges(bill.adds);
  const elsewhere = describeElsewhere(bill.elsewhere);
  const models = new Set(bill.releases.map((line) => line.systemModel));
  const name = (line: BillLine) =>
    models.size > 1 ? `${line.version} · ${line.systemModel}` : line.version;
  return (
    <Alert color="blue" title={title}>
      <Stack gap="xs" align="flex-start">
        {note && (
          <Text size="sm" fw={500}>
            {note}
          </Text>
        )}
        <Text size="sm">Scores would be asked for:</Text>
        <List size="sm" spacing={2} aria-label="Scores asked for, by release">
          {bill.releases.map((line) => (
            <List.Item key={releaseKey(line)}>
              {name(line)}: {plural(line.datasets, 'dataset')}, {seen(line)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          {added
            ? `Loading them adds at least ${added} to this period’s licence bill.`
            : 'Every dataset and indicator is charged this period under its ID.'}
          {elsewhere && ` ${elsewhere}.`}
          {partShown && ' Scores already loaded are shown; the rest waits for you.'}
        </Text>
        <Button onClick={onLoad}>{loadLabel}</Button>
      </Stack>
    </Alert>
  );
}
