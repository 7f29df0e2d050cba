import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Charge } from '../../../../shared/api/schemas';
import { chargeChoices } from '../charges';

export interface ChargeFilter {
  user: string;
  dataset?: number | undefined;
  release: string;
}

/** The list's filters: the user (admins only), a Dataset ID, a release. */
export function ChargeFilters({
  charges,
  admin,
  search,
  update,
}: {
  charges: readonly Charge[];
  admin: boolean;
  search: ChargeFilter;
  update: (change: Partial<ChargeFilter>, options: { replace: boolean }) => void;
}) {
  // Typed text that is not an ID yet stays in the field; the URL holds the last ID typed.
  const [datasetText, setDatasetText] = useState(() =>
    search.dataset === undefined ? '' : String(search.dataset),
  );
  const choices = chargeChoices(charges);
  return (
    <Group gap="sm" align="end">
      {admin && (
        <Select
          label="User"
          w={{ base: '100%', xs: 200 }}
          data={[
            { value: 'mine', label: 'You' },
            ...choices.users.map((user) => ({ value: user, label: `User ${user}` })),
          ]}
          value={search.user || null}
          placeholder="Everyone"
          clearable
          onChange={(value) => update({ user: value ?? '' }, { replace: true })}
        />
      )}
      <TextInput
        label="Dataset ID"
        w={{ base: '100%', xs: 160 }}
        inputMode="numeric"
        value={datasetText}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDatasetText(text);
          const id = text.trim();
          update({ dataset: /^\d{1,10}$/.test(id) ? Number(id) : undefined }, { replace: true });
        }}
      />
      <Select
        label="For release"
        w={{ base: '100%', xs: 200 }}
        data={choices.releases}
        value={search.release || null}
        placeholder="Any release"
        clearable
        onChange={(value) => update({ release: value ?? '' }, { replace: true })}
      />
    </Group>
  );
}
