import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Indicator } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import { IndicatorPicker, PILLS_SHOWN } from './indicator-picker';

const catalogue: Indicator[] = Array.from({ length: 30 }, (_, at) => ({
  id: 900 + at,
  method: 'EF v3.1',
  category: 'climate change',
  indicator: `indicator ${String(at).padStart(2, '0')}`,
  unit: 'kg CO2-Eq',
}));
const label = (id: number) =>
  `EF v3.1 › climate change › indicator ${String(id - 900).padStart(2, '0')} (${id})`;

function Picker({ picked, changes }: { picked: number[]; changes: number[][] }) {
  const [value, setValue] = useState(picked);
  return (
    <IndicatorPicker
      indicators={catalogue}
      value={value}
      onChange={(ids) => {
        changes.push(ids);
        setValue(ids);
      }}
    />
  );
}

/** The pills' labels as shown, in order. */
const pills = () =>
  [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

describe('the indicator picker', () => {
  it(`shows the first ${PILLS_SHOWN} picked and folds the rest into "+ N more", which unfolds them`, async () => {
    const picked = catalogue.slice(0, 20).map((indicator) => indicator.id);
    renderWithProviders(<Picker picked={picked} changes={[]} />);
    expect(pills()).toEqual(picked.slice(0, PILLS_SHOWN).map(label));

    await userEvent.click(screen.getByRole('button', { name: 'Show all 20 indicators picked' }));
    expect(pills()).toEqual(picked.map(label));
    // Unfolding is not picking: the list stays shut.
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.click(
      screen.getByRole('button', { name: `Show the first ${PILLS_SHOWN} indicators picked only` }),
    );
    expect(pills()).toHaveLength(PILLS_SHOWN);
  });

  it('shows every pill, and no fold, when few are picked', () => {
    const picked = catalogue.slice(0, PILLS_SHOWN).map((indicator) => indicator.id);
    renderWithProviders(<Picker picked={picked} changes={[]} />);
    expect(pills()).toEqual(picked.map(label));
    expect(screen.queryByRole('button', { name: /^Show / })).toBeNull();
  });

  it('removes a pill’s indicator, keeping the folded ones', async () => {
    const changes: number[][] = [];
    const picked = catalogue.slice(0, 12).map((indicator) => indicator.id);
    renderWithProviders(<Picker picked={picked} changes={changes} />);
    const [first] = document.querySelectorAll('.mantine-Pill-remove');
    if (!first) throw new Error('no remove button on the pills');
    await userEvent.click(first);
    expect(changes).toEqual([picked.slice(1)]);
    expect(pills()[0]).toBe(label(901));
    expect(screen.getByRole('button', { name: 'Show all 11 indicators picked' })).toHaveTextContent(
      `+ ${11 - PILLS_SHOWN} more`,
    );
  });
});
