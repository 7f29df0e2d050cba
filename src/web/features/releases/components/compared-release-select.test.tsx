import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ComparedReleaseSelect } from './compared-release-select';

const props = {
  label: 'Compared with',
  missingTitle: 'Choose a release to compare with',
  width: 200,
  version: '3.12',
  systemModel: 'cutoff',
  others: ['3.11', '3.10'],
  onChange: vi.fn(),
};

describe('ComparedReleaseSelect', () => {
  it('says why a release in the link is not used', () => {
    renderWithProviders(<ComparedReleaseSelect {...props} from="3.12" usable={false} />);
    expect(
      screen.getByText('3.12 is the release you are in: choose another to compare it with.'),
    ).toBeVisible();
  });

  it('says so when the licence lacks the release, and when there is none before', () => {
    const { unmount } = renderWithProviders(
      <ComparedReleaseSelect {...props} from="3.9" usable={false} />,
    );
    expect(
      screen.getByText('Release 3.9 is not one of your licence’s releases of cutoff.'),
    ).toBeVisible();
    unmount();
    renderWithProviders(<ComparedReleaseSelect {...props} from={undefined} usable={false} />);
    expect(screen.getByText('Your licence has no release of cutoff before 3.12.')).toBeVisible();
  });

  it('shows the chosen release and no warning when it is usable', () => {
    renderWithProviders(<ComparedReleaseSelect {...props} from="3.11" usable />);
    expect(screen.getByRole('combobox', { name: 'Compared with' })).toHaveValue('3.11');
    expect(screen.queryByText('Choose a release to compare with')).toBeNull();
  });
});
