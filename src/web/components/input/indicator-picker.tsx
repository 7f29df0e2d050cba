import { Anchor, MultiSelect, Pill, type ComboboxItem } from '@mantine/core';
import { useMemo, useState } from 'react';
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
 * Pills shown before "+ N more": a comparison of 100 indicators drew 100 pills, a column of them
 * some 2 600 px tall above the table, and 100 components each time the picker was drawn.
 */
export const PILLS_SHOWN = 8;

/**
 * Indicators picked in place from a release's catalogue, typed as in the catalogue's filter
 * (every word must match, punctuation and units included), up to one call's worth. Past
 * PILLS_SHOWN, the rest fold into "+ N more", which unfolds them; the list ticks every pick.
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
  const [unfolded, setUnfolded] = useState(false);
  const place = useMemo(() => new Map(value.map((id, at) => [String(id), at])), [value]);
  const folding = value.length > PILLS_SHOWN;
  const fold = (text: string, label: string, next: boolean) => (
    <Anchor
      component="button"
      type="button"
      size="xs"
      aria-label={label}
      // Not the field's own click, which would open the list.
      onMouseDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        setUnfolded(next);
      }}
    >
      {text}
    </Anchor>
  );
  return (
    <MultiSelect
      renderPill={({ option, value: id, onRemove, disabled }) => {
        const at = place.get(String(id)) ?? 0;
        const pill = (
          <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled}>
            {/* Undefined for an ID the catalogue lacks, though typed as always there. */}
            {(option as ComboboxItem | undefined)?.label ?? String(id)}
          </Pill>
        );
        if (!folding) return pill;
        if (!unfolded) {
          if (at < PILLS_SHOWN) return pill;
          if (at > PILLS_SHOWN) return null;
          const more = value.length - PILLS_SHOWN;
          return fold(`+ ${more} more`, `Show all ${value.length} indicators picked`, true);
        }
        if (at < value.length - 1) return pill;
        return (
          <>
            {pill}
            {fold('Show fewer', `Show the first ${PILLS_SHOWN} indicators picked only`, false)}
          </>
        );
      }}
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
