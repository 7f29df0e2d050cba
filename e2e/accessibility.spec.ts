import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

/** Each page, and what shows it has finished loading. */
const PAGES: [string, string, (page: Page) => ReturnType<Page['getByRole']>][] = [
  [
    'overview',
    '/3.12/cutoff',
    (page) => page.getByRole('table', { name: 'Releases and system models' }),
  ],
  [
    'indicators',
    '/3.12/cutoff/indicators?q=acidification',
    (page) => page.getByRole('list', { name: 'Indicators' }),
  ],
  [
    'dataset search',
    '/3.12/cutoff/datasets?q=cement',
    (page) => page.getByRole('table', { name: 'Search results' }),
  ],
  [
    'dataset',
    '/3.12/cutoff/datasets/8279',
    (page) => page.getByRole('table', { name: 'Dataset documentation' }),
  ],
  [
    'releases',
    '/releases',
    (page) => page.getByRole('table', { name: 'Releases and system models' }),
  ],
  ['usage', '/usage', (page) => page.getByRole('heading', { name: 'Usage', level: 1 })],
];

test('no page has serious or critical accessibility violations', async ({ page }) => {
  // Six pages, each loaded and scanned by axe (2–4 s a page on a quiet machine).
  test.slow();
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  for (const [name, path, loaded] of PAGES) {
    await page.goto(path);
    await expect(loaded(page)).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${name}: ${violation.id} ${violation.help}: ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | ')}`,
      );
    expect(serious, serious.join('\n')).toEqual([]);
  }
});
