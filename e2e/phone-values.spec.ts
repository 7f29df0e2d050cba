import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

test.use({ viewport: { width: 390, height: 844 } });

/** The element, scrolled to as a reader would (down only), lies wholly within the screen's width. */
async function inView(page: Page, value: Locator, what: string) {
  await value.scrollIntoViewIfNeeded();
  const width = page.viewportSize()?.width ?? 0;
  const box = await value.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${what} at x ${String(box?.x)}`).toBe(
    true,
  );
  // And the page itself does not scroll sideways.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    what,
  ).toBeLessThanOrEqual(0);
}

test('on a phone, each page’s key value is on the screen without scrolling sideways', async ({
  page,
}) => {
  test.slow(); // Six pages and a score load, each a page of its own.
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await inView(page, page.getByRole('link', { name: /^[\d,]+$/ }).first(), 'overview: a count');

  await page.goto('/3.12/cutoff/indicators?q=GWP100');
  await inView(
    page,
    page.getByRole('list', { name: 'Indicators', exact: true }).getByRole('checkbox').first(),
    'catalogue: an indicator',
  );

  await page.goto('/3.12/cutoff/datasets?q=cement');
  await inView(
    page,
    page
      .getByRole('table', { name: 'Search results' })
      .getByRole('link', { name: /, dataset \d+$/ })
      .first(),
    'search: a result’s link',
  );

  await page.goto('/3.12/cutoff/datasets/8279?ind=964,882');
  const scores = page.getByRole('table', { name: 'Impact scores' });
  await loadScoresIfAsked(page, scores);
  await inView(page, scores.getByLabel(/exactly/).first(), 'dataset: a score');
  await page.getByText('Bar chart', { exact: true }).click();
  const chart = page.getByRole('application').first();
  // The bar's value is written beside it, inside the screen.
  const label = chart.getByText(/^[\d.,]+( × 10[⁻⁰-⁹]+)?$/).first();
  await inView(page, label, 'dataset: a bar’s value');

  await page.goto('/3.12/cutoff/compare?ds=8279,2989,7773&ind=882,964');
  const comparison = page.getByRole('table', { name: 'Comparison' });
  await loadScoresIfAsked(page, comparison.getByLabel(/exactly/).first());
  await inView(page, comparison.getByLabel(/exactly/).first(), 'compare: the first value');
  await inView(
    page,
    comparison.getByRole('columnheader').nth(1).getByRole('link'),
    'compare: the first dataset’s name',
  );

  await page.goto('/3.12/cutoff/datasets/8279');
  const product =
    (
      await page
        .getByRole('table', { name: 'Dataset documentation' })
        .getByRole('row', { name: /Product UUID/ })
        .getByRole('cell')
        .textContent()
    )?.trim() ?? '';
  await page.goto(`/3.12/cutoff/lookup/${product}`);
  await inView(
    page,
    page.getByRole('table', { name: 'Matching datasets' }).getByRole('link').first(),
    'lookup: a match',
  );
});
