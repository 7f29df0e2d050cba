import { expect, test } from './fixtures';
import { GEOGRAPHIES } from '../src/shared/geographies/master-data';
import { searchedIds, spoldLookup } from './proxy-api';
import { signInAsDemoUser } from './sign-in';

test('lookup errors are sentences that echo what was typed, and the file name is on the dataset', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279?ind=882');
  await signInAsDemoUser(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The ecoSpold file name, copied, looks the dataset up again.
  const documentation = page.getByRole('table', { name: 'Dataset documentation' });
  const file = documentation.getByRole('row', { name: /ecoSpold file/ });
  await expect(file).toContainText(/^ecoSpold file[0-9a-f-]{36}_[0-9a-f-]{36}\.spold$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await file.getByRole('button', { name: 'Copy ecoSpold file name' }).click();
  const name = await page.evaluate(() => navigator.clipboard.readText());
  expect(name).toMatch(/^[0-9a-f-]{36}_[0-9a-f-]{36}\.spold$/);
  const box = page
    .getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' })
    .first();
  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/datasets\/8279\?ind=882$/);

  // Not a key: the input whole, as text, and a search for it.
  const typed = '<script>alert(1)</script> cement';
  await box.fill(typed);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to look up' })).toBeVisible();
  await expect(
    page.getByText(`"${typed}" is neither a Dataset ID, a UUID, nor an ecoSpold file name.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('link', { name: `Search datasets for “${typed}”` }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(typed);
  expect(dialogs).toEqual([]);

  // A well-formed UUID nothing has: it matched nothing, said in the explorer's words.
  const uuid = '12345678-1234-0234-1234-123456789abc';
  await box.fill(uuid);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'No dataset found' })).toBeVisible();
  await expect(
    page.getByText(
      `No dataset in 3.12 (cutoff) has ${uuid} as its activity, product or geography UUID`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Request ID|query\.|Invalid UUID/)).toHaveCount(0);
});

test('a lookup the service cut to a page says how to see all of it, or that no page here can', async ({
  page,
}) => {
  const swiss = GEOGRAPHIES.find(([code]) => code === 'CH')?.[2] ?? '';
  const inSwitzerland = await spoldLookup({ geography_spold_uuid: swiss });
  expect(inSwitzerland.total).toBeGreaterThan(inSwitzerland.datasets.length);
  await page.goto(`/3.12/cutoff/lookup/${swiss}?ind=882`);
  await signInAsDemoUser(page);
  await expect(
    page.getByRole('heading', { level: 1, name: `${inSwitzerland.total} datasets match` }),
  ).toBeVisible();
  await expect(
    page.getByText(`Showing ${inSwitzerland.datasets.length} of ${inSwitzerland.total}`),
  ).toBeVisible();
  // A geography's datasets are the search filtered by it: every page of that search lists the
  // lookup's datasets, all of them and no more.
  const link = page.getByRole('link', { name: 'all datasets in Switzerland (CH)' });
  const href = new URL((await link.getAttribute('href')) ?? '', 'http://explorer');
  expect(href.searchParams.get('q')).toBeNull();
  const listed = await searchedIds({ geography: href.searchParams.get('geography') ?? '' });
  expect(listed.size).toBe(inSwitzerland.total);
  for (const dataset of inSwitzerland.datasets) expect(listed.has(dataset.id)).toBe(true);
  await link.click();
  await expect(page).toHaveURL(/\/3\.12\/cutoff\/datasets\?geography=Switzerland/);
  await expect(page.getByText(/ match in Switzerland \(CH\)\. Page 1 of/)).toBeVisible();

  // A product's: the search has no product filter, so the page says only the first are shown.
  const electricity = inSwitzerland.datasets.find(
    (dataset) => dataset.product === 'electricity, low voltage',
  )?.product_spold_uuid;
  if (!electricity) throw new Error('no electricity, low voltage in Switzerland');
  const ofProduct = await spoldLookup({ product_spold_uuid: electricity });
  expect(ofProduct.total).toBeGreaterThan(ofProduct.datasets.length);
  await page.goto(`/3.12/cutoff/lookup/${electricity}`);
  await expect(
    page.getByText(
      `only the first ${ofProduct.datasets.length} of the ${ofProduct.total} with this product UUID are shown; the dataset search has no filter by product`,
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByText(/finds datasets by name: these among others/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^all datasets in/ })).toHaveCount(0);
});
