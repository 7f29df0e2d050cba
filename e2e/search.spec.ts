import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test('search takes either spelling, lists names starting with the words first, and geographies rank by code', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets');
  await signInAsDemoUser(page);
  const search = page.getByRole('textbox', { name: 'Search' });
  const results = page.getByRole('table', { name: 'Search results' });

  // The American spelling finds what the release spells the British way, and says so.
  await search.fill('aluminum');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByText('Nothing matches “aluminum” as typed: these are the results for “aluminium”'),
  ).toBeVisible();
  await expect(results).toContainText('aluminium');

  // Activities whose name starts with the word come first.
  await search.fill('steel');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/match “steel”/)).toBeVisible();
  await expect(results.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^steel/i);

  // Choosing geographies for a comparison: the code first, and a list long enough to read.
  await search.fill('market for electricity, low voltage');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: /^Compare the geographies of electricity, low voltage: choose/ })
    .first()
    .click();
  const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Geographies' });
  await picker.fill('CH');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText(/^Switzerland \(CH\) · \d+$/);
  // More than a row and a half of options shows at once.
  const listbox = page.getByRole('listbox');
  expect((await listbox.boundingBox())?.height ?? 0).toBeGreaterThan(120);
  await picker.fill('switz');
  await expect(options.first()).toHaveText(/^Switzerland \(CH\) · \d+$/);
});

test('turning the page from the control under the results shows the next page from its top', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets?q=market');
  await signInAsDemoUser(page);
  const summary = page.getByText(/match “market”\. Page 1 of \d+\./);
  await expect(summary).toBeInViewport();

  // The control is under the rows: at the end of a long page.
  const next = page.getByRole('button', { name: 'Next page' });
  await next.scrollIntoViewIfNeeded();
  await expect(summary).not.toBeInViewport();
  await next.click();

  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(/match “market”\. Page 2 of \d+\./)).toBeInViewport();
  // Shown from its first row, not from its end.
  await expect(
    page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1),
  ).toBeInViewport();
});
