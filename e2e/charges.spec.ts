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

test('a dataset charged in one release waits for a yes in another, and the prompt says why', async ({
  page,
}) => {
  // A dataset in both releases that no other journey scores, so the ledger's answer is this one's.
  const { DataStore } = await import('../src/emulator/data/store');
  const store = DataStore.forScale(1);
  const in311 = new Set(store.view('3.11', 'cutoff')?.datasets.map((dataset) => dataset.id));
  const id = store
    .view('3.12', 'cutoff')
    ?.datasets.filter((dataset) => in311.has(dataset.id))
    .at(-7)?.id;
  const [indicator] = await indicatorIds(/ozone depletion/);
  if (id === undefined || indicator === undefined)
    throw new Error('the demo releases share no dataset, or 3.12 lacks ozone indicators');
  const scored311: string[] = [];
  page.on('request', (request) => {
    if (scoredIndicators(request).length > 0 && request.url().includes('version=3.11'))
      scored311.push(request.url());
  });

  await page.goto(`/3.12/cutoff/datasets/${id}?ind=${indicator}`);
  await signInAsDemoUser(page);
  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(page.getByLabel(/exactly/).first()).toBeVisible();
  expect((await charged()).datasets).toContain(id);

  // Its ID is charged, but only in 3.12: the data service may bill it again in 3.11, so it asks.
  await page.goto(`/3.11/cutoff/datasets/${id}?ind=${indicator}`);
  await expect(
    page.getByText(
      /^Each is charged this period under its ID\. 1 dataset charged this period only in another release may be charged again/,
    ),
  ).toBeVisible();
  expect(scored311).toEqual([]);
  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(page.getByLabel(/exactly/).first()).toBeVisible();
  expect(scored311).toHaveLength(1);

  // Now that 3.11 has returned it, a fresh visit there loads it without asking.
  await page.reload();
  await expect(page.getByLabel(/exactly/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load scores' })).toHaveCount(0);

  // Usage names it as asked for in two releases, and what that may add to the bill.
  await page.getByRole('link', { name: 'Usage' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^Asked for in more than one release:.*${String(id)} \\(3\\.11 cutoff, 3\\.12 cutoff\\).*if it does, up to \\d+ datasets? more than the total above are charged\\.$`,
      ),
    ),
  ).toBeVisible();
});
