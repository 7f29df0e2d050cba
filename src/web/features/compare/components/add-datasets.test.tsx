import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AddDatasets, readDatasetIds } from './add-datasets';

describe('adding datasets by ID', () => {
  it('takes a pasted list, and says what it could not add', async () => {
    const onAdd = vi.fn();
    renderWithProviders(<AddDatasets current={[8279]} onAdd={onAdd} />);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Add dataset by ID' }),
      '5635, 5764 abc;8279',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith([5635, 5764]);
    expect(screen.getByRole('status')).toHaveTextContent('“abc” is not a Dataset ID.');
  });

  it('echoes what it could not read whole, as text', async () => {
    renderWithProviders(<AddDatasets current={[]} onAdd={vi.fn()} />);
    const typed = '<b>market-for-electricity-low-voltage</b>';
    await userEvent.type(screen.getByRole('textbox', { name: 'Add dataset by ID' }), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent(`“${typed}” is not a Dataset ID.`);
  });

  it('keeps to the size of a comparison', () => {
    const current = Array.from({ length: 19 }, (_, i) => i + 1);
    expect(readDatasetIds('100 200 300', current)).toEqual({
      added: [100],
      tooMany: [200, 300],
      invalid: [],
    });
  });
});
