import { ErrorResponse, ErrorTimeout, OidcClient, UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { signInProblem } from './sign-in-problem';

const settings = {
  authority: 'https://idp.test/realms/explorer',
  client_id: 'lci-explorer',
  redirect_uri: 'https://explorer.test/callback',
  metadata: {
    issuer: 'https://idp.test/realms/explorer',
    authorization_endpoint: 'https://idp.test/realms/explorer/auth',
    token_endpoint: 'https://idp.test/realms/explorer/token',
  },
};

/** What oidc-client-ts itself rejects the callback with, for the address it was given. */
async function callbackError(query: (state: string) => string): Promise<Error> {
  // A sign-in under way, as the page that went to the identity provider left it.
  const request = await new OidcClient(settings).createSigninRequest({ request_type: 'si:r' });
  const state = new URL(request.url).searchParams.get('state') ?? '';
  const failed = await new UserManager(settings)
    .signinCallback(`${settings.redirect_uri}?${query(state)}`)
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  if (!(failed instanceof Error)) throw new Error('the callback did not fail');
  return failed;
}

describe('why signing in did not work, in words', () => {
  it('tells a refusal or a cancelled sign-in from the identity provider, with what it said', async () => {
    const error = await callbackError(
      (state) =>
        `error=access_denied&error_description=The+user+cancelled+signing+in.&state=${state}`,
    );
    const problem = signInProblem(error);
    expect(problem.title).toBe('You were not signed in');
    expect(problem.detail).toContain('you cancelled, or your account may not use the explorer');
    expect(problem.detail).toContain('It said: “The user cancelled signing in.”');
    expect(problem.detail).not.toContain('access_denied');
    expect(problem.detail).not.toContain('.”.');
  });

  it('tells a callback this browser is not waiting for (opened again, or from elsewhere)', async () => {
    const error = await callbackError(() => 'code=abc&state=not-this-browsers');
    expect(error.message).toMatch(/no matching state/i);
    const problem = signInProblem(error);
    expect(problem.title).toBe('This sign-in is over');
    expect(problem.detail).toContain('Sign in again');
    expect(problem.detail).not.toMatch(/storage/i);
  });

  it.each([
    ['login_required', 'Your session has ended'],
    ['interaction_required', 'Your session has ended'],
    ['invalid_grant', 'This sign-in has run out'],
  ])('tells %s as “%s”', (code, title) => {
    expect(signInProblem(new ErrorResponse({ error: code })).title).toBe(title);
  });

  it('ends what the identity provider said with one full stop', () => {
    const problem = signInProblem(
      new ErrorResponse({ error: 'access_denied', error_description: 'Not allowed' }),
    );
    expect(problem.detail).toContain('It said: “Not allowed”. Sign in again');
  });

  it('names a code it does not know, and says nothing of a description that is not there', () => {
    const problem = signInProblem(new ErrorResponse({ error: 'temporarily_unavailable' }));
    expect(problem.title).toBe('Sign-in did not work');
    expect(problem.detail).toBe(
      'The identity provider refused with “temporarily_unavailable”. Sign in again to go on.',
    );
  });

  it('tells an identity provider that did not answer, or could not be reached', () => {
    expect(signInProblem(new ErrorTimeout('Network timed out')).detail).toContain(
      'did not answer in time',
    );
    expect(signInProblem(new TypeError('Failed to fetch')).detail).toContain(
      'could not be reached',
    );
  });

  it('keeps the message of an error it does not know', () => {
    expect(signInProblem(new Error('Invalid response Content-Type: text/html')).detail).toBe(
      'Invalid response Content-Type: text/html',
    );
  });
});
