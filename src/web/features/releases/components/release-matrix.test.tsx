import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { matrixColumns, ReleaseMatrix } from './release-matrix';

const versions = [
  {
    version: '3.10',
    system_models: ['cutoff', 'apos'],
    release_date: '2023-11-30',
    kind: 'release' as const,
  },
  {
    version: '3.12',
    system_models: ['cutoff', 'apos', 'consequential', 'EN15804'],
    release_date: '2025-11-05',
    kind: 'release' as const,
  },
];

describe('the release matrix', () => {
  it('lists releases newest first with a link for each licensed system model', async () => {
    renderWithProviders(<ReleaseMatrix versions={versions} />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('3.12');
    expect(screen.getByRole('link', { name: 'Open 3.12 consequential' })).toHaveAttribute(
      'href',
      '/3.12/consequential',
    );
    expect(screen.getByRole('link', { name: 'Open 3.10 apos' })).toHaveAttribute(
      'href',
      '/3.10/apos',
    );
  });

  it('says which combinations the licence lacks instead of linking to them', async () => {
    renderWithProviders(<ReleaseMatrix versions={versions} />);
    await screen.findByRole('table');
    expect(screen.getAllByText('Not in your licence')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Open 3.10 EN15804' })).toBeNull();
  });

  it('says which listed combinations the data service refuses, and never links to them', async () => {
    renderWithProviders(
      <ReleaseMatrix
        versions={[
          {
            version: '3.12',
            system_models: ['cutoff'],
            release_date: null,
            kind: 'release',
            refused: ['Cut-off (EN 15804)'],
          },
        ]}
      />,
    );
    await screen.findByRole('table');
    expect(screen.getByText('Listed, but refused by the data service')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open 3.12 Cut-off (EN 15804)' })).toBeNull();
  });

  it('marks the release being viewed instead of linking to it', async () => {
    renderWithProviders(
      <ReleaseMatrix versions={versions} current={{ version: '3.12', systemModel: 'apos' }} />,
    );
    const viewing = await screen.findByText('Viewing');
    expect(viewing.closest('td')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Open 3.12 apos' })).toBeNull();
  });

  it('adds system models it does not know after the known ones', () => {
    expect(
      matrixColumns([
        {
          version: '4.0',
          system_models: ['new-model', 'cutoff'],
          release_date: null,
          kind: 'release',
        },
      ]),
    ).toEqual(['cutoff', 'apos', 'consequential', 'EN15804', 'new-model']);
  });
});
