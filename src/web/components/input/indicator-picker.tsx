import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { MAX_INDICATORS_PER_CALL } from '../../../shared/api/routes';
import type { Indicator } from '../../../shared/api/schemas';
import { filterIndicators, filterTerms } from '../../lib/indicator-filter';

interface IndicatorPickerProps {
  indicators: readonly Indicator[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  label?: string;
  w?: Parameters<typeof MultiSelect>[0]['w'];
}

/**
 * Indicators picked in place from a release's catalogue, typed as in the catalogue's filter
 * (every word must match, punctuation and units included), up to one call's worth.
 */
export function IndicatorPicker({
  indicators,
  value,
  onChange,
  label = 'Indicators',
  w = { base: '100%', sm: 420 },
}: IndicatorPickerProps) {
  const options = useMemo(
    () =>
      indicators.map((indicator) => ({
        value: String(indicator.id),
        label: `${indicator.method} › ${indicator.category} › ${indicator.indicator} (${indicator.id})`,
      })),
    [indicators],
  );
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? 'Add more' : 'Pick indicators'}
      searchable
      limit={50}
      maxValues={MAX_INDICATORS_PER_CALL}
      filter={({ options: shown, search: typed }) => {
        const keep = new Set(
          filterIndicators(indicators, filterTerms(typed)).map((i) => String(i.id)),
        );
        return shown.filter((option) => 'value' in option && keep.has(option.value));
      }}
      data={options}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      w={w}
      maxDropdownHeight={300}
    />
  );
}
