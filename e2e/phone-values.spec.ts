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

/** The page does not scroll sideways: its scrolling element is no wider than the screen. */
async function noSidewaysScroll(page: Page, what: string) {
  expect(
    await page.evaluate(
      () => (document.scrollingElement?.scrollWidth ?? Infinity) - window.innerWidth,
    ),
    what,
  ).toBeLessThanOrEqual(0);
}

test('on a phone, history, changes, upgrade and usage keep their key value on the screen', async ({
  page,
}) => {
  test.slow(); // Four pages, two of which may read whole releases the first time.
  await page.goto('/3.12/cutoff/datasets/8279/history?ind=882');
  await signInAsDemoUser(page);
  const history = page.getByRole('table', { name: 'Scores across releases' });
  await loadScoresIfAsked(page, history.getByLabel(/exactly/).first());
  await inView(page, history.getByLabel(/exactly/).first(), 'history: the release’s score');
  await noSidewaysScroll(page, 'history');

  await page.goto('/3.12/cutoff/changes?from=3.11');
  const changes = page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
  await inView(page, changes.getByRole('link').first(), 'changes: the first change’s dataset');
  await inView(page, page.getByRole('checkbox', { name: /^moved \(/ }), 'changes: a count');
  await noSidewaysScroll(page, 'changes');

  await page.goto('/3.12/cutoff/upgrade?from=3.11&ids=8279');
  const verdicts = page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
  await inView(
    page,
    verdicts
      .getByRole('row')
      .nth(1)
      .getByText(
        /^(documentation unchanged|documentation changed|moved|renamed|re-identified|split|merged|removed|no certain successor)$/,
      )
      .first(),
    'upgrade: the first verdict',
  );
  await inView(
    page,
    verdicts.getByRole('row').nth(1).getByRole('link').last(),
    'upgrade: the first entry’s dataset in 3.12',
  );
  await noSidewaysScroll(page, 'upgrade');

  await page.goto('/usage');
  await inView(
    page,
    page
      .getByText('Datasets with scores', { exact: true })
      .locator('xpath=following-sibling::*[1]'),
    'usage: datasets charged',
  );
  // The history above charged this user at least once: what a request added is on the screen.
  await inView(
    page,
    page
      .getByRole('table', { name: 'Charges this period' })
      .getByText(/\d+ (new )?(datasets?|indicators?)/)
      .first(),
    'usage: what the newest request added to the bill',
  );
  await noSidewaysScroll(page, 'usage');
});
