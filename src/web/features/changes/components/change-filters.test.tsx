import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ChangeFilters } from './change-filters';

const facets = { sectors: [], isicSections: [], activityTypes: [] };

/** The filters over an address of their own, which Back (a button here) sets from outside. */
function Page({ q }: { q: string }) {
  const [values, setValues] = useState({ sector: '', isic: '', type: '', q });
  return (
    <>
      <button type="button" onClick={() => setValues((before) => ({ ...before, q: '' }))}>
        Back
      </button>
      <output aria-label="Address words">{values.q}</output>
      <ChangeFilters
        values={values}
        facets={facets}
        onChange={(changes) => setValues((before) => ({ ...before, ...changes }))}
      />
    </>
  );
}

describe('the changes’ words filter', () => {
  it('shows the words the address has when Back changes them', async () => {
    renderWithProviders(<Page q="cement" />);
    const words = screen.getByRole('textbox', { name: 'Words' });
    expect(words).toHaveValue('cement');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(words).toHaveValue('');
  });

  it('keeps what is being typed when its own words reach the address', async () => {
    renderWithProviders(<Page q="" />);
    const words = screen.getByRole('textbox', { name: 'Words' });
    await userEvent.type(words, 'steel ');
    await waitFor(() => expect(screen.getByLabelText('Address words')).toHaveTextContent('steel'));
    expect(words).toHaveValue('steel ');
  });
});
