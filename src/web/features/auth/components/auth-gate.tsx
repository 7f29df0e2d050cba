import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { AuthProvider, hasAuthParams, useAuth } from 'react-oidc-context';
import type { User, UserManager } from 'oidc-client-ts';
import { setAuthHooks } from '../../../lib/api-client';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { isSignInState, SIGNED_OUT_PATH } from '../user-manager';

function currentLocation() {
  const { pathname, search, hash } = window.location;
  return pathname === SIGNED_OUT_PATH || pathname === '/callback'
    ? '/'
    : `${pathname}${search}${hash}`;
}

/** Puts the URL back where the user started, without the code and state of the callback. */
function onSigninCallback(user: User | undefined) {
  const returnTo = isSignInState(user?.state) ? user.state.returnTo : '/';
  window.history.replaceState({}, document.title, returnTo);
}

function Gate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const signedOut = window.location.pathname === SIGNED_OUT_PATH;

  useEffect(() => {
    setAuthHooks({
      getToken: () => auth.user?.access_token,
      renew: async () => {
        try {
          return (await auth.signinSilent()) !== null;
        } catch {
          return false;
        }
      },
    });
  }, [auth]);

  const mustSignIn =
    !auth.isLoading &&
    !auth.isAuthenticated &&
    !auth.activeNavigator &&
    !auth.error &&
    !hasAuthParams();
  useEffect(() => {
    if (mustSignIn && !signedOut) {
      void auth.signinRedirect({ state: { returnTo: currentLocation() } });
    }
  }, [mustSignIn, signedOut, auth]);

  if (auth.error) {
    return (
      <Center h="100vh">
        <Stack align="center" maw={480}>
          <Title order={2}>Sign-in did not work</Title>
          <Text ta="center">{auth.error.message}</Text>
          <Button onClick={() => void auth.signinRedirect({ state: { returnTo: '/' } })}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (signedOut && !auth.isAuthenticated) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Title order={2}>You are signed out</Title>
          <Button onClick={() => void auth.signinRedirect({ state: { returnTo: '/' } })}>
            Sign in again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!auth.isAuthenticated) return <FullPageLoader label="Signing you in…" />;
  return children;
}

/** Renders the app only for a signed-in user; anyone else goes to the identity provider. */
export function AuthGate({
  userManager,
  children,
}: {
  userManager: UserManager;
  children: ReactNode;
}) {
  return (
    <AuthProvider userManager={userManager} onSigninCallback={onSigninCallback}>
      <Gate>{children}</Gate>
    </AuthProvider>
  );
}
