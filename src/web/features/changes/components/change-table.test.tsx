import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROWS_FIRST } from '../../../lib/second-pass';
import { renderCountingRows, renderWithProviders } from '../../../testing/render';
import { ChangeTable } from './change-table';
import { rowGroups } from '../scores';
import { ref, row, rows, changes } from '../../../testing/changes';

describe('ChangeTable pages', () => {
  it('draws the first screen of a page first and every row of it a render later', async () => {
    const page = Array.from({ length: 100 }, (_, i) =>
      row({
        from: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
        to: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
      }),
    );
    const rowsDrawn = renderCountingRows(
      <ChangeTable
        changes={changes}
        rows={page}
        ind={[]}
        page={1}
        pages={1}
        onPage={vi.fn()}
        groups={rowGroups(page)}
      />,
    );
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(100));
    expect(rowsDrawn[0]).toBe(ROWS_FIRST);
    expect(document.querySelectorAll('tbody tr')[99]).toHaveTextContent('ID 1099');
  });

  it('shows the page the link names and asks for another when one is pressed', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      row({
        from: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
        to: ref(1000 + i, `activity ${i}`, 'Switzerland (CH)'),
      }),
    );
    const onPage = vi.fn();
    renderWithProviders(
      <ChangeTable
        changes={changes}
        rows={many.slice(100)}
        ind={[]}
        page={2}
        pages={2}
        onPage={onPage}
        groups={rowGroups(many)}
      />,
    );
    const [, first] = within(
      screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).getAllByRole('row');
    expect(first).toHaveTextContent('ID 1100');
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});

describe('ChangeTable', () => {
  it('links each change to both releases with the indicator set, says where it comes from, and lists candidates with their reasons', () => {
    renderWithProviders(
      <ChangeTable
        changes={changes}
        rows={rows}
        ind={[882, 964]}
        page={1}
        pages={1}
        onPage={vi.fn()}
        groups={rowGroups(rows)}
      />,
    );
    const [, , moved, , unsure, split] = within(
      screen.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ).getAllByRole('row');
    const links = within(moved as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/3.11/cutoff/datasets/2?ind=882,964',
      '/3.12/cutoff/datasets/22?ind=882,964',
    ]);
    expect(
      within(moved as HTMLElement).getByText('ecoinvent change report 3.11 → 3.12'),
    ).toBeInTheDocument();
    expect(within(moved as HTMLElement).getByText('Geography, description')).toBeInTheDocument();
    expect(within(unsure as HTMLElement).getByRole('link', { name: '40' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/40?ind=882,964',
    );
    expect(
      within(unsure as HTMLElement).getByText(/into a rest-of geography, new/),
    ).toBeInTheDocument();
    // Said as the upgrade check and history say it: the loaded report leaves it out.
    expect(
      within(unsure as HTMLElement).getByText(
        'Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
      ),
    ).toBeInTheDocument();
    expect(within(split as HTMLElement).getByText('share 0.000312 %')).toBeInTheDocument();
  });
});
