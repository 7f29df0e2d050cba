import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signedInAtBoot, type Boot } from '../features/auth/sign-in-first';
import { configQueries } from '../features/auth/api/get-config';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { createAppRouter, ownLoaderOf } from './router';

/**
 * Renders the explorer into the page, once signing in is settled (main.tsx). A signed-in
 * explorer's router starts before React draws anything: its release check and the page's module
 * are asked for at once, and the page's data as soon as the release is checked, while the shell
 * is drawn, not after it (issue 34: on the laptop profile the two first renders held them back
 * 0.45 s).
 */
export function mountExplorer(element: HTMLElement, boot: Boot) {
  const queryClient = createQueryClient();
  if ('config' in boot) queryClient.setQueryData(configQueries.public().queryKey, boot.config);
  const router = signedInAtBoot(boot) ? createAppRouter(queryClient) : undefined;
  const draw = () =>
    createRoot(element).render(
      <StrictMode>
        <App boot={boot} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  // What changed and a history: their loader first, so the reading leaves before the shell.
  const loaderFirst = router ? ownLoaderOf(window.location.pathname) : undefined;
  if (loaderFirst) void loaderFirst.then(draw, draw);
  else draw();
}
