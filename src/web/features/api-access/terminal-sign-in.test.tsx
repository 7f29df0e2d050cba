import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { TerminalSignIn } from './components/terminal-sign-in';

const oidc = {
  mode: 'oidc' as const,
  issuer: 'https://sso.example.org/realms/lab',
  clientId: 'lci-explorer',
  scope: 'openid profile',
  programClientId: 'lci-explorer-cli',
};

describe('TerminalSignIn', () => {
  it('gives the commands a practitioner types first, at this explorer’s address', async () => {
    renderWithProviders(<TerminalSignIn auth={oidc} origin="https://lci.example.org" />);
    const commands = (await screen.findByLabelText('Sign-in commands')).textContent;
    expect(commands.split('\n').slice(0, 2)).toEqual([
      'npx lci-explorer login --url https://lci.example.org',
      'npx lci-explorer scores --release 3.12/cutoff --ids 8279,2989 --indicators 964 --format csv > scores.csv',
    ]);
    expect(commands).toContain('export LCI_EXPLORER_TOKEN="$(npx lci-explorer token)"');
  });

  it('says why programs cannot sign in when the identity provider has no client for them', async () => {
    renderWithProviders(
      <TerminalSignIn auth={{ ...oidc, programClientId: null }} origin="https://lci.example.org" />,
    );
    expect(await screen.findByText(/has no sign-in for programs/)).toBeVisible();
    expect(screen.queryByLabelText('Sign-in commands')).toBeNull();
  });
});
