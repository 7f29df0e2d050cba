import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ReleaseSwitcher } from './release-switcher';

const versions = [
  { version: '3.11', system_models: ['cutoff', 'apos'] },
  { version: '3.12', system_models: ['cutoff', 'apos', 'consequential'] },
] as never;

function shown(name: string) {
  const picker = screen.getByRole<HTMLSelectElement>('combobox', { name });
  return picker.selectedOptions[0]?.textContent;
}

describe('ReleaseSwitcher', () => {
  it('shows the release and system model of the address, newest release first', () => {
    renderWithProviders(
      <ReleaseSwitcher
        versions={versions}
        current={{ version: '3.11', systemModel: 'apos' }}
        ind={[]}
      />,
      { path: '/3.11/apos/indicators' },
    );
    expect(shown('Release')).toBe('3.11');
    expect(shown('System model')).toBe('apos');
    const releases = screen.getByRole('combobox', { name: 'Release' });
    expect([...releases.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '3.12',
      '3.11',
    ]);
  });

  it('names a release the licence does not list as such, never as another release', () => {
    renderWithProviders(
      <ReleaseSwitcher
        versions={versions}
        current={{ version: '3.9', systemModel: 'cutoff' }}
        ind={[]}
      />,
      { path: '/3.9/cutoff' },
    );
    expect(shown('Release')).toBe('3.9 (not listed)');
    expect(shown('System model')).toBe('cutoff (not listed)');
  });

  it('switching keeps the page and its query, and falls back to a system model the release has', async () => {
    const { router } = renderWithProviders(
      <ReleaseSwitcher
        versions={versions}
        current={{ version: '3.12', systemModel: 'consequential' }}
        ind={[]}
      />,
      { path: '/3.12/consequential/datasets/8279?ind=1,2' },
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Release' }), '3.11');
    expect(router.state.location.pathname).toBe('/3.11/cutoff/datasets/8279');
    expect(router.state.location.search).toBe('?ind=1,2');
  });
});
