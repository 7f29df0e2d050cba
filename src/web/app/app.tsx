import '@mantine/core/styles.css';
import { Center, MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorPanel } from '../components/feedback/error-panel';
import { FullPageLoader } from '../components/feedback/full-page-loader';
import { cssVariablesResolver, theme } from '../config/theme';
import { configQueries } from '../features/auth/api/get-config';
import { AuthGate } from '../features/auth/components/auth-gate';
import { createUserManager } from '../features/auth/user-manager';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

/** Created only once the user is signed in, so the router starts from the cleaned-up URL. */
function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

function Boot() {
  const config = useQuery(configQueries.public());
  const auth = config.data?.auth;
  const userManager = useMemo(
    () => (auth?.mode === 'oidc' ? createUserManager(auth) : undefined),
    [auth],
  );
  if (config.isPending) return <FullPageLoader label="Starting the explorer…" />;
  if (config.isError) {
    return (
      <Center h="100vh" p="md">
        <ErrorPanel error={config.error} onRetry={() => void config.refetch()} />
      </Center>
    );
  }
  if (!userManager) return <AppRouter />;
  return (
    <AuthGate userManager={userManager}>
      <AppRouter />
    </AuthGate>
  );
}

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <Boot />
      </QueryClientProvider>
    </MantineProvider>
  );
}
