import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test('a new user signs in, lands on the latest release, switches system model and keeps it on reload', async ({
  page,
}) => {
  await page.goto('/');
  await signInAsDemoUser(page);

  await expect(page).toHaveURL(/\/3\.12\/cutoff$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Release 3.12 · cutoff' }),
  ).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Releases and system models' });
  await expect(matrix.getByRole('rowheader', { name: /3\.10/ })).toBeVisible();
  await expect(matrix.getByText('Viewing')).toBeVisible();
  // The demo licence lacks one combination, and the matrix says so.
  await expect(matrix.getByText('Not in your licence')).toHaveCount(1);

  // Nothing of the sign-in is left in the URL or in web storage.
  expect(page.url()).not.toMatch(/[?&](code|state)=/);
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((storage) =>
        Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
      )
      .join('\n'),
  );
  expect(stored).not.toContain('access_token');

  await page.getByRole('combobox', { name: 'System model' }).selectOption('apos');
  await expect(page).toHaveURL(/\/3\.12\/apos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Release 3.12 · apos' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/3\.12\/apos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Release 3.12 · apos' })).toBeVisible();
});

test('a release link with "latest" is pinned to the concrete release', async ({ page }) => {
  await page.goto('/latest/consequential');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/3\.12\/consequential$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Release 3.12 · consequential' }),
  ).toBeVisible();
});

test('a combination outside the licence says so and points to the releases page', async ({
  page,
}) => {
  await page.goto('/3.10/EN15804');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/3\.10\/EN15804$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Not in your licence' })).toBeVisible();
  await page.getByRole('link', { name: 'See the releases your licence holds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
});

test('signing out ends the session at the identity provider, and signing in again asks for the password', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await page.getByRole('button', { name: 'Account: Demo Analyst' }).click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Sign out of the demo organisation?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await signInAsDemoUser(page, 'maria');
  await expect(page.getByRole('button', { name: 'Account: María Fernández' })).toBeVisible();
});

test('a Content Security Policy violation is caught by the journeys’ check', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/3\.12\/cutoff$/);
  // An inline script is what the policy forbids; the page's own code never adds one.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  cspViolations.length = 0; // seen, so this test itself passes
});

test('the first page loads at most 240 KB of gzipped JavaScript, whatever the shell grows', async ({
  page,
  baseURL,
}) => {
  // The bench's target (`npm run bench -- web`), held here so no change passes it unnoticed: the
  // scripts of this origin that sign-in and the release overview load, each gzipped at level 9,
  // read from the build the stack serves (a response's body is gone once the page navigates to
  // the identity provider and back). 250 KB until issues 30-36 added four routes to the route
  // table every page carries (prices, evidence, successors, counterparts): 248.7 KB before them,
  // 251.6 KB after; 255 KB until the schemas the SPA loads moved to zod/mini (252.0 -> 237.4 KB).
  // Issue 34 aims at 170 KB; this guard keeps it from growing meanwhile.
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(baseURL ?? '').origin && url.pathname.endsWith('.js'))
      scripts.add(url.pathname);
  });
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await expect(page.getByRole('table', { name: 'Releases and system models' })).toBeVisible();
  const sizes = [...scripts].map(
    (file) => gzipSync(readFileSync(path.join('dist', file)), { level: 9 }).length,
  );
  expect(scripts.size).toBeGreaterThan(0);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  expect(total / 1024, "the first route's JavaScript, KB gzip").toBeLessThanOrEqual(240);
});
