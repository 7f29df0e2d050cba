import {
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
  type OidcMetadata,
} from 'oidc-client-ts';

export const SIGNED_OUT_PATH = '/signed-out';

export interface SignInState {
  returnTo: string;
}

/**
 * Authorization code + PKCE against the organisation's identity provider. Tokens stay in
 * memory (security.md §3.5): a reload signs in again, silently when the IdP session lives.
 * `metadata`, when the provider's discovery document is known already, saves asking for it.
 */
export function createUserManager(
  settings: { issuer: string; clientId: string; scope: string },
  metadata?: Partial<OidcMetadata>,
) {
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.issuer,
    ...(metadata ? { metadata } : {}),
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
