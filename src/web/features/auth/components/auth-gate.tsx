import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { AuthProvider, useAuth } from 'react-oidc-context';
import type { UserManager } from 'oidc-client-ts';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { returnPath } from '../sign-in-first';
import { signInProblem } from '../sign-in-problem';
import { SIGNED_OUT_PATH } from '../user-manager';

function Gate({ children, signInError }: { children: ReactNode; signInError?: Error }) {
  const auth = useAuth();
  const signedOut = window.location.pathname === SIGNED_OUT_PATH;
  const error = signInError ?? auth.error;

  // Signing in happened before the explorer loaded (sign-in-first.ts); this catches a session
  // that ends while the explorer is open.
  const mustSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !error;
  useEffect(() => {
    if (mustSignIn && !signedOut) {
      void auth.signinRedirect({ state: { returnTo: returnPath(window.location) } });
    }
  }, [mustSignIn, signedOut, auth]);

  if (error) {
    const problem = signInProblem(error);
    return (
      <Center h="100vh" p="md">
        <Stack align="center" maw={520} role="alert">
          <Title order={2}>{problem.title}</Title>
          <Text ta="center">{problem.detail}</Text>
          <Button onClick={() => void auth.signinRedirect({ state: { returnTo: '/' } })}>
            Sign in again
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
  signInError,
  children,
}: {
  userManager: UserManager;
  signInError?: Error | undefined;
  children: ReactNode;
}) {
  return (
    // The callback was completed before the explorer loaded; the provider only reads the user.
    <AuthProvider userManager={userManager} skipSigninCallback>
      <Gate {...(signInError ? { signInError } : {})}>{children}</Gate>
    </AuthProvider>
  );
}
