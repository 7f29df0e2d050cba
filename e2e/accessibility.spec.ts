import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

type Shown = (page: Page) => ReturnType<Page['getByRole']>;

/** Each page, what shows it has finished loading, and its tab title. */
const PAGES: [string, string, Shown, string][] = [
  [
    'overview',
    '/3.12/cutoff',
    (page) => page.getByRole('table', { name: 'Releases and system models' }),
    'Release 3.12 · cutoff · LCI Explorer',
  ],
  [
    'indicators',
    '/3.12/cutoff/indicators?q=acidification&ind=964',
    (page) => page.getByRole('list', { name: 'Indicators', exact: true }),
    'Indicators · 3.12 · LCI Explorer',
  ],
  [
    'dataset search',
    '/3.12/cutoff/datasets?q=cement',
    (page) => page.getByRole('table', { name: 'Search results' }),
    '“cement” · 3.12 · LCI Explorer',
  ],
  [
    'dataset',
    '/3.12/cutoff/datasets/8279',
    (page) => page.getByRole('button', { name: 'Load scores' }),
    'market for electricity, low voltage · Mexico (MX) · 3.12 · LCI Explorer',
  ],
  [
    'compare',
    '/3.12/cutoff/compare?ds=8279,2989&ind=882&view=relative',
    (page) => page.getByRole('table', { name: 'Comparison' }),
    'Compare · 3.12 · LCI Explorer',
  ],
  [
    'dataset history',
    '/3.12/cutoff/datasets/8279/history',
    (page) => page.getByRole('table', { name: 'Documentation across releases' }),
    'market for electricity, low voltage across releases · Mexico (MX) · 3.12 · LCI Explorer',
  ],
  [
    'changes',
    '/3.12/cutoff/changes?from=3.11&change=moved',
    (page) => page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    'Changes since 3.11 · 3.12 · LCI Explorer',
  ],
  [
    'upgrade check',
    '/3.12/cutoff/upgrade?from=3.11&ids=8279,2989,7773',
    (page) => page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' }),
    'Upgrade check · 3.12 · LCI Explorer',
  ],
  [
    'releases',
    '/releases',
    (page) => page.getByRole('table', { name: 'Releases and system models' }),
    'Releases · LCI Explorer',
  ],
  [
    'usage',
    '/usage',
    (page) => page.getByRole('heading', { name: 'Usage', level: 1 }),
    'Usage · LCI Explorer',
  ],
  [
    'API access',
    '/api-access',
    (page) => page.getByRole('button', { name: /GET\s*\/api\/versions/ }),
    'API access · LCI Explorer',
  ],
];

/** The pages scanned in dark as well. */
const DARK = ['overview', 'indicators', 'dataset', 'compare', 'dataset history', 'upgrade check'];

async function seriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${name}: ${violation.id} ${violation.help}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

test('no page has serious or critical accessibility violations, in light or dark', async ({
  page,
}) => {
  // Eleven pages, each loaded and scanned by axe in light, six of them in dark too (2–4 s a
  // scan on a quiet machine).
  test.slow();
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (/\/assets\/.*\.js$/.test(new URL(response.url()).pathname))
      encodings.add(response.headers()['content-encoding'] ?? 'none');
  });
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  // The explorer's scripts come compressed.
  expect([...encodings]).toEqual(['br']);

  // The first Tab reaches a link past the header and navigation to the page itself.
  await expect(page.getByRole('table', { name: 'Releases and system models' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const html = page.locator('html');
  for (const [name, path, shown, title] of PAGES) {
    await page.goto(path);
    await expect(shown(page)).toBeVisible();
    await expect(page).toHaveTitle(title);
    const serious = await seriousViolations(page, name);
    expect(serious, serious.join('\n')).toEqual([]);
    if (!DARK.includes(name)) continue;
    // The system's scheme turned dark under the open page, as the explorer follows it (Mantine's
    // `auto`): the same page scanned again, without loading it again.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const dark = await seriousViolations(page, `${name} (dark)`);
    expect(dark, dark.join('\n')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  }
});
