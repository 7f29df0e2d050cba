import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';

export const SIGNED_OUT_PATH = '/signed-out';

export interface SignInState {
  returnTo: string;
}

/**
 * Authorization code + PKCE against the organisation's identity provider. Tokens stay in
 * memory (security.md §3.5): a reload signs in again, silently when the IdP session lives.
 */
export function createUserManager(settings: { issuer: string; clientId: string; scope: string }) {
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.issuer,
    client_id: settings.clientId,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}${SIGNED_OUT_PATH}`,
    response_type: 'code',
    scope: settings.scope,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: true,
    monitorSession: false,
  });
}

export function isSignInState(value: unknown): value is SignInState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { returnTo?: unknown }).returnTo === 'string' &&
    (value as SignInState).returnTo.startsWith('/') &&
    !(value as SignInState).returnTo.startsWith('//')
  );
}
