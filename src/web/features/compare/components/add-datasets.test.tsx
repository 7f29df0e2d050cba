import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AddDatasets, readDatasetIds } from './add-datasets';

const shown = { version: '3.12', systemModel: 'cutoff' };
const apos = { version: '3.12', systemModel: 'apos' };

describe('adding datasets by ID', () => {
  it('takes a pasted list, and says what it could not add', async () => {
    const onAdd = vi.fn();
    renderWithProviders(
      <AddDatasets current={['8279@3.12/cutoff']} shown={shown} releases={[]} onAdd={onAdd} />,
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Add dataset by ID' }),
      '5635, 5764 abc;8279',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith([{ id: 5635 }, { id: 5764 }]);
    expect(screen.getByRole('status')).toHaveTextContent('“abc” is not a Dataset ID.');
  });

  it('echoes what it could not read whole, as text', async () => {
    renderWithProviders(<AddDatasets current={[]} shown={shown} releases={[]} onAdd={vi.fn()} />);
    const typed = '<b>market-for-electricity-low-voltage</b>';
    await userEvent.type(screen.getByRole('textbox', { name: 'Add dataset by ID' }), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent(`“${typed}” is not a Dataset ID.`);
  });

  it('keeps to the size of a comparison', () => {
    const current = Array.from({ length: 19 }, (_, i) => `${i + 1}@3.12/cutoff`);
    const read = readDatasetIds('100 200 300', current, shown);
    expect(read.added.map((column) => column.id)).toEqual([100]);
    expect(read.tooMany.map((column) => column.id)).toEqual([200, 300]);
  });

  it('adds the same dataset in another system model, chosen or written in full', async () => {
    const onAdd = vi.fn();
    renderWithProviders(
      <AddDatasets
        current={['8279@3.12/cutoff']}
        shown={shown}
        releases={[shown, apos]}
        onAdd={onAdd}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'in release' }));
    await userEvent.click(screen.getByRole('option', { name: '3.12 · apos' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Add dataset by ID' }), '8279');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenLastCalledWith([{ id: 8279, release: apos }]);
    // Already there in the page's release, written in full: nothing new to add.
    expect(
      readDatasetIds('8279@3.12/cutoff 534@3.10/cutoff', ['8279@3.12/cutoff'], shown).added,
    ).toEqual([{ id: 534, release: { version: '3.10', systemModel: 'cutoff' } }]);
  });
});
