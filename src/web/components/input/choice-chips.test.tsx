import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ChoiceChips } from './choice-chips';

type View = 'absolute' | 'relative';

function Values({ chosen }: { chosen: View[] }) {
  const [view, setView] = useState<View>('absolute');
  return (
    <ChoiceChips
      label="Values"
      value={view}
      onChange={(next) => {
        chosen.push(next);
        setView(next);
      }}
      data={[
        { label: 'Absolute', value: 'absolute' },
        { label: 'Relative', value: 'relative' },
      ]}
    />
  );
}

describe('choice chips', () => {
  it('are one radio group, named, with the value checked, and give the choice made', async () => {
    const chosen: View[] = [];
    renderWithProviders(<Values chosen={chosen} />);
    const group = screen.getByRole('radiogroup', { name: 'Values' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Absolute' })).toBeChecked();
    await userEvent.click(screen.getByText('Relative'));
    expect(screen.getByRole('radio', { name: 'Relative' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Absolute' })).not.toBeChecked();
    expect(chosen).toEqual(['relative']);
    // The keyboard moves between them as between any radios.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Absolute' })).toBeChecked();
  });
});
