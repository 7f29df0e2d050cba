import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseDatasetList } from '../../../../shared/dataset-list';
import { renderWithProviders } from '../../../testing/render';
import { ListInput } from './list-input';

describe('ListInput', () => {
  it('counts the entries and lists the lines left out', () => {
    const text = '8279\nnope\n8279';
    renderWithProviders(
      <ListInput text={text} onTextChange={vi.fn()} parsed={parseDatasetList(text)} />,
    );
    expect(screen.getByText('1 entry, 2 lines left out')).toBeInTheDocument();
    expect(screen.getByText(/Line 2: "nope" is neither/)).toBeInTheDocument();
    expect(screen.getByText('Line 3: Repeats line 1 (Dataset ID 8279).')).toBeInTheDocument();
  });

  it('passes on what is typed, and says when the list is too long', async () => {
    const onTextChange = vi.fn();
    renderWithProviders(
      <ListInput
        text=""
        onTextChange={onTextChange}
        parsed={{ ok: false, error: 'The list has 10001 entries.' }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Datasets' }), '1');
    expect(onTextChange).toHaveBeenCalledWith('1');
    expect(screen.getByText('The list has 10001 entries.')).toBeInTheDocument();
  });
});
