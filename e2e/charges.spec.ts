import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { charged, datasetIds, indicatorIds } from './proxy-api';
import { signInAsDemoUser } from './sign-in';

/** The indicators a scored request asked for: a batch's body, or a dataset's query. */
function scoredIndicators(request: Request): number[] {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/datasets')) return [];
  if (request.method() === 'POST')
    return (request.postDataJSON() as { indicator_ids?: number[] }).indicator_ids ?? [];
  return (url.searchParams.get('indicator_ids') ?? '').split(',').filter(Boolean).map(Number);
}

test('Compare asks before every change that adds to the bill, and Usage itemises what was charged', async ({
  page,
}) => {
  // Datasets and a theme no other journey scores, so the ledger's answer is this journey's.
  const [a, b, c] = await datasetIds('tap water');
  const ozone = await indicatorIds(/ozone depletion/);
  const [first] = ozone;
  if (a === undefined || b === undefined || c === undefined || first === undefined)
    throw new Error('the demo release lacks tap water datasets or ozone indicators');
  const asked: number[] = [];
  page.on('request', (request) => asked.push(...scoredIndicators(request)));

  await page.goto(`/3.12/cutoff/compare?ds=${a},${b}&ind=${first}`);
  await signInAsDemoUser(page);
  await expect(page.getByText('Scores for 2 datasets × 1 indicator')).toBeVisible();
  expect(asked).toEqual([]);
  await page.getByRole('button', { name: 'Load scores' }).click();
  const table = page.getByRole('table', { name: 'Comparison' });
  await expect(table.getByLabel(/exactly/)).toHaveCount(2);

  // A second change adds indicators: it asks, and nothing is charged until the user says yes.
  await page.getByText('Across methods', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'ozone depletion' }).click();
  await expect(
    page.getByText(/Loading them adds \d+ new indicators? to this period’s/),
  ).toBeVisible();
  const added = ozone.filter((id) => id !== first);
  expect(asked.filter((id) => added.includes(id))).toEqual([]);
  expect((await charged()).indicators).not.toContain(added[0]);

  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(table.getByLabel(/exactly/)).toHaveCount(2 * ozone.length);
  expect((await charged()).indicators).toEqual(expect.arrayContaining(ozone));

  // Adding a dataset asks again; the scores already paid for stay on screen meanwhile.
  await page.getByRole('textbox', { name: 'Add dataset by ID' }).fill(String(c));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(/Loading them adds 1 new dataset to this period’s/)).toBeVisible();
  await expect(table.getByLabel(/exactly/)).toHaveCount(2 * ozone.length);
  expect((await charged()).datasets).not.toContain(c);

  // The header row stays in view while the table scrolls.
  const header = table.getByRole('columnheader', { name: 'Indicator' });
  const before = await header.boundingBox();
  await table.evaluate((element) => element.parentElement?.scrollBy(0, 400));
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(before?.y);

  // Usage: what this user's clicks added, request by request; their own only (not an admin).
  await page.getByRole('link', { name: 'Usage' }).click();
  const charges = page.getByRole('table', { name: 'Charges this period' });
  await expect(
    charges
      .getByRole('row')
      .filter({ hasText: String(a) })
      .first(),
  ).toContainText('You');
  await expect(page.getByText(/Only your own requests are listed/)).toBeVisible();
  await expect(charges.getByRole('cell', { name: /^User / })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Only my requests' })).toHaveCount(0);
});
