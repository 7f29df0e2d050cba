import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test.use({ viewport: { width: 390, height: 844 } });

/** How far the page is wider than the screen (0 when nothing sticks out). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Every pixel of the element is on the screen (once the menu has slid in). */
async function onScreen(page: Page, control: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(
      async () => {
        const box = await control.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= width;
      },
      { message: String(control) },
    )
    .toBe(true);
}

test('on a phone, every page fits the screen and every control is within reach', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await expect(page.getByRole('heading', { name: 'Release 3.12 · cutoff' })).toBeVisible();

  // The menu holds what the header has no room for: release, lookup, colour scheme, sign-out.
  const menu = page.getByRole('button', { name: /^Menu/ });
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const control of [
    nav.getByRole('combobox', { name: 'Release' }),
    nav.getByRole('combobox', { name: 'System model' }),
    nav.getByRole('textbox', { name: /^Look up/ }),
    nav.getByRole('button', { name: 'Switch to dark mode' }),
    nav.getByRole('button', { name: 'Sign out' }),
    nav.getByRole('link', { name: 'Compare' }),
  ]) {
    await expect(control).toBeVisible();
    await onScreen(page, control);
  }
  await nav.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(nav.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await nav.getByRole('link', { name: 'Indicators' }).click();

  const pages: [string, (p: Page) => ReturnType<Page['getByRole']>][] = [
    ['/3.12/cutoff', (p) => p.getByRole('table', { name: 'Releases and system models' })],
    [
      '/3.12/cutoff/indicators?q=GWP20',
      (p) => p.getByRole('list', { name: 'Indicators', exact: true }),
    ],
    ['/3.12/cutoff/datasets?q=cement', (p) => p.getByRole('table', { name: 'Search results' })],
    ['/3.12/cutoff/datasets/8279', (p) => p.getByRole('table', { name: 'Dataset documentation' })],
    [
      '/3.12/cutoff/compare?ds=8279,2989,7773&ind=882,964',
      (p) => p.getByRole('table', { name: 'Comparison' }),
    ],
    [
      '/3.12/cutoff/datasets/8279/history',
      (p) => p.getByRole('table', { name: 'Documentation across releases' }),
    ],
    [
      '/3.12/cutoff/changes?from=3.11',
      (p) => p.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' }),
    ],
    [
      '/3.12/cutoff/upgrade?from=3.11&ids=8279,2989',
      (p) => p.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' }),
    ],
    ['/usage', (p) => p.getByRole('heading', { name: 'Usage', level: 1 })],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await expect(shown(page)).toBeVisible();
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
  }

  // Indicator names are not cut where they differ: GWP20 and GWP100 read in full.
  await page.goto('/3.12/cutoff/indicators?q=GWP20');
  const name = page
    .getByRole('list', { name: 'Indicators', exact: true })
    .getByText('global warming potential (GWP20)', { exact: true })
    .first();
  await expect(name).toBeVisible();
  expect(
    await name.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
    ),
  ).toBe(true);
});

/** The left and right edges of every cell of a table, and how far any box in it scrolls sideways. */
const cellsOf = (table: Locator) =>
  table.evaluate((element) => {
    const cells = [...element.querySelectorAll('th, td')].map((cell) =>
      cell.getBoundingClientRect(),
    );
    let box: Element | null = element;
    let scrolls = 0;
    for (; box; box = box.parentElement)
      scrolls = Math.max(scrolls, box.scrollWidth - box.clientWidth);
    return {
      count: cells.length,
      left: Math.min(...cells.map((cell) => cell.left)),
      right: Math.max(...cells.map((cell) => cell.right)),
      scrolls,
    };
  });

test('on a phone, the history’s releases and documentation read down, every value in view', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279/history');
  await signInAsDemoUser(page);
  const width = page.viewportSize()?.width ?? 0;
  const releases = page.getByRole('table', { name: 'Dataset 8279 across releases' });
  const documentation = page.getByRole('table', { name: 'Documentation across releases' });
  await expect(releases).toBeVisible();
  await expect(page.getByLabel('Loading the documentation')).toHaveCount(0);
  await expect(documentation).toBeVisible();
  for (const [what, table] of [
    ['In each release', releases],
    ['Documentation', documentation],
  ] as const) {
    const cells = await cellsOf(table);
    expect(cells.count, what).toBeGreaterThan(1);
    expect(cells.left, `${what}: leftmost cell`).toBeGreaterThanOrEqual(0);
    expect(cells.right, `${what}: rightmost cell`).toBeLessThanOrEqual(width);
    expect(cells.scrolls, `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
  }
  // The dataset in each release and each release's value of a field are on the screen.
  for (const value of [
    releases.getByRole('link').last(),
    documentation.getByText('3.10', { exact: true }).first(),
    documentation.getByText(/./).last(),
  ]) {
    await value.scrollIntoViewIfNeeded();
    const box = await value.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, String(value)).toBe(true);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
