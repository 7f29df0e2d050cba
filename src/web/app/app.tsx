import '@mantine/core/styles.css';
import { Center, MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorPanel } from '../components/feedback/error-panel';
import { cssVariablesResolver, theme } from '../config/theme';
import { AuthGate } from '../features/auth/components/auth-gate';
import type { Boot as SignedIn } from '../features/auth/sign-in-first';
import { createAppRouter } from './router';

type StartedRouter = ReturnType<typeof createAppRouter>;

/**
 * The router started by `mountExplorer` when the user was signed in, or created only once the
 * user is (after "Sign in again"), so it starts from the cleaned-up URL and its first loaders'
 * calls carry the token.
 */
function AppRouter({ started }: { started: StartedRouter | undefined }) {
  const queryClient = useQueryClient();
  const [router] = useState(() => started ?? createAppRouter(queryClient));
  return <RouterProvider router={router} />;
}

function Boot({ boot, router }: { boot: SignedIn; router: StartedRouter | undefined }) {
  if ('configError' in boot) {
    // Signing in needs the proxy's settings, so trying again means starting again.
    return (
      <Center h="100vh" p="md">
        <ErrorPanel error={boot.configError} onRetry={() => window.location.reload()} />
      </Center>
    );
  }
  if (!boot.userManager) return <AppRouter started={router} />;
  return (
    <AuthGate userManager={boot.userManager} signInError={boot.signInError}>
      <AppRouter started={router} />
    </AuthGate>
  );
}

/**
 * The explorer, once signing in is settled (main.tsx), with the query client holding the proxy's
 * settings and the router when it was started already (mount.tsx).
 */
export function App({
  boot,
  queryClient,
  router,
}: {
  boot: SignedIn;
  queryClient: QueryClient;
  router: StartedRouter | undefined;
}) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <Boot boot={boot} router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
