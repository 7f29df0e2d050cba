import { Alert, List, Text } from '@mantine/core';
import type { Dataset } from '../../../../shared/api/schemas';

/** "1 kWh of electricity, low voltage": what one dataset's scores are for. */
export function referenceOf(dataset: Dataset): string {
  const unit = dataset.unit ?? 'unit not given';
  return `1 ${unit} of ${dataset.product ?? 'an unnamed product'}`;
}

/**
 * Scores are per one unit of each dataset's reference product: a comparison of 1 kWh beside
 * 1 kg says nothing unless the reader knows it, so the page says so before the numbers.
 */
export function ReferenceNote({ datasets }: { datasets: readonly Dataset[] }) {
  const units = new Set(datasets.map((dataset) => dataset.unit ?? ''));
  const products = new Set(datasets.map((dataset) => dataset.product ?? ''));
  if (units.size <= 1 && products.size <= 1) return null;
  const byReference = new Map<string, Dataset[]>();
  for (const dataset of datasets) {
    const key = referenceOf(dataset);
    byReference.set(key, [...(byReference.get(key) ?? []), dataset]);
  }
  return (
    <Alert
      color={units.size > 1 ? 'yellow' : 'gray'}
      title={
        units.size > 1
          ? 'These datasets have different reference units'
          : 'These datasets have different reference products'
      }
    >
      <Text size="sm">
        Each column’s scores are for one unit of its own reference product, so
        {units.size > 1
          ? ' columns in different units are not comparable, and relative values between them mean little:'
          : ' compare them only if that is what you mean:'}
      </Text>
      <List size="sm" mt={4}>
        {[...byReference].map(([reference, list]) => (
          <List.Item key={reference}>
            per {reference}: {list.map((dataset) => dataset.id).join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
