import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { packagesOf } from './chunk-packages';
import { kb, ROOT } from './vitals-pages';

/**
 * The least JavaScript any route of the explorer can send on its stack (issue 34's budget of
 * 170 KB gzip on the first route): a page that signs in with oidc-client-ts, draws one text in
 * Mantine's provider through React Router's data router, and reads one answer with React Query
 * and a zod/mini schema. Built as the explorer is (Vite, minified, one chunk) and weighed as the
 * budget weighs (gzip level 9), with its packages.
 */
const PAGE = `
import { UserManager } from 'oidc-client-ts';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Text } from '@mantine/core';
import { createBrowserRouter, RouterProvider, useLoaderData } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

const Versions = z.object({ releases: z.array(z.object({ version: z.string() })) });
const users = new UserManager({
  authority: location.origin,
  client_id: 'explorer',
  redirect_uri: location.origin + '/callback',
});
const queryClient = new QueryClient();
function Page() {
  const loaded = useLoaderData() as string;
  const versions = useQuery({
    queryKey: ['versions'],
    queryFn: async () => Versions.parse(await (await fetch('/api/versions')).json()),
  });
  return <Text>{loaded} {versions.data?.releases.length}</Text>;
}
const router = createBrowserRouter([{ path: '/', loader: async () => 'releases', Component: Page }]);
async function start() {
  if (location.pathname === '/callback') await users.signinRedirectCallback();
  else if (!(await users.getUser())) return users.signinRedirect();
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
void start();
`;

export async function stackFloor(): Promise<string> {
  // Inside the project, so the page finds the explorer's own node_modules (and outside them, so
  // the source maps name each package); gone once weighed.
  const root = path.join(ROOT, '.data', 'stack-floor');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  try {
    return await weigh(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function weigh(root: string): Promise<string> {
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/page.tsx"></script></body></html>',
  );
  writeFileSync(path.join(root, 'page.tsx'), PAGE);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: path.join(root, 'dist'), sourcemap: 'hidden', emptyOutDir: true },
  });
  const scripts = readdirSync(path.join(root, 'dist', 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const gzip = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length,
    0,
  );
  const top = packagesOf(root, scripts)
    .slice(0, 5)
    .map(([name, size]) => `${name} ${kb(size)}`)
    .join(', ');
  return `  the stack alone (sign-in, React, Mantine's provider, the data router, React Query, zod/mini; no explorer code): ${kb(gzip)} gzip; minified: ${top}`;
}
