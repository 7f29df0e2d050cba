import '@mantine/core/styles.css';
import { Center, MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorPanel } from '../components/feedback/error-panel';
import { cssVariablesResolver, theme } from '../config/theme';
import { configQueries } from '../features/auth/api/get-config';
import { AuthGate } from '../features/auth/components/auth-gate';
import type { Boot as SignedIn } from '../features/auth/sign-in-first';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

/**
 * Created only once the user is signed in, so the router starts from the cleaned-up URL and its
 * first loaders' calls carry the token.
 */
function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createAppRouter(queryClient));
  return <RouterProvider router={router} />;
}

function Boot({ boot }: { boot: SignedIn }) {
  if ('configError' in boot) {
    // Signing in needs the proxy's settings, so trying again means starting again.
    return (
      <Center h="100vh" p="md">
        <ErrorPanel error={boot.configError} onRetry={() => window.location.reload()} />
      </Center>
    );
  }
  if (!boot.userManager) return <AppRouter />;
  return (
    <AuthGate userManager={boot.userManager} signInError={boot.signInError}>
      <AppRouter />
    </AuthGate>
  );
}

/** The explorer, once signing in is settled (main.tsx); the proxy's settings come with it. */
export function App({ boot }: { boot: SignedIn }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if ('config' in boot) client.setQueryData(configQueries.public().queryKey, boot.config);
    return client;
  });
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <Boot boot={boot} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
