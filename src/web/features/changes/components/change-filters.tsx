import { Group, Select, TextInput } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import { useTypedWords } from '../../../lib/url-state';
import type { Facet } from '../../../../shared/changes-list';

interface ChangeFilterValues {
  sector: string;
  isic: string;
  type: string;
  q: string;
}

interface ChangeFiltersProps {
  values: ChangeFilterValues;
  facets: { sectors: Facet[]; isicSections: Facet[]; activityTypes: Facet[] };
  onChange: (changes: Partial<ChangeFilterValues>, options?: { replace?: boolean }) => void;
}

const options = (facets: readonly Facet[]) =>
  facets.map((facet) => ({
    value: facet.name,
    label: `${facet.name} (${formatCount(facet.rows)})`,
  }));

/**
 * The changes' filters, each kept in the URL: sector, ISIC section and activity type (with how
 * many changed datasets have each), and words, written a moment after typing stops.
 */
export function ChangeFilters({ values, facets, onChange }: ChangeFiltersProps) {
  const words = useTypedWords(values.q, (q) => onChange({ q }, { replace: true }));
  const select = (label: string, key: 'sector' | 'isic' | 'type', list: readonly Facet[]) => (
    <Select
      label={label}
      placeholder="Any"
      clearable
      searchable
      data={options(list)}
      value={values[key] || null}
      onChange={(value) => onChange({ [key]: value ?? '' })}
      w={{ base: '100%', xs: 240 }}
      comboboxProps={{ width: 360, position: 'bottom-start' }}
    />
  );
  return (
    <Group align="end" gap="sm" role="search" aria-label="Filter the changes">
      <TextInput
        label="Words"
        placeholder="activity, product or geography"
        value={words.text}
        onChange={(event) => words.type(event.currentTarget.value)}
        w={{ base: '100%', xs: 240 }}
      />
      {select('Sector', 'sector', facets.sectors)}
      {select('ISIC section', 'isic', facets.isicSections)}
      {select('Activity type', 'type', facets.activityTypes)}
    </Group>
  );
}
