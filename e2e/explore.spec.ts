import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

/** The catalogue renders only the rows on screen: scroll it, as a person would, until the row shows. */
async function checkInList(list: Locator, name: string | RegExp) {
  const box = list.getByRole('checkbox', { name, exact: typeof name === 'string' });
  for (let step = 0; step < 40 && (await box.count()) === 0; step++) {
    // Scrolled, then counted only once the list has drawn the rows now in view: counted at once,
    // a busy machine scrolled on past the row before it was drawn (CI, a retry).
    await list.evaluate(
      (element) =>
        new Promise((drawn) => {
          element.scrollBy(0, 250);
          requestAnimationFrame(() => requestAnimationFrame(drawn));
        }),
    );
  }
  await box.check();
}

test('browse the catalogue, pick three indicators, score a dataset found by search, and share the link', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/indicators');
  await signInAsDemoUser(page);
  await page.getByLabel('Filter indicators').fill('climate change GWP100');
  await expect(page).toHaveURL(/q=climate/);
  const list = page.getByRole('list', { name: 'Indicators' });
  await checkInList(
    list,
    'Select CML v4.8 2016 › climate change › global warming potential (GWP100)',
  );
  await checkInList(list, 'Select EF v3.1 › climate change › global warming potential (GWP100)');
  await checkInList(
    list,
    'Select IPCC 2021 › climate change: total (excl. biogenic CO2) › global warming potential (GWP100)',
  );
  await expect(page.getByText('3 selected')).toBeVisible();
  await expect(page).toHaveURL(/ind=\d+,\d+,\d+/);

  await page.getByRole('link', { name: 'Find a dataset to score with these 3' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill('electricity high voltage DE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Search results' });
  await results
    .getByRole('link', { name: /^market for electricity, high voltage, Germany \(DE\)/ })
    .click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'market for electricity, high voltage' }),
  ).toBeVisible();
  await expect(
    // Other journeys may have charged these indicators already: the dataset is new either way.
    page.getByText(/Loading them adds 1 new dataset.* to this period’s licence bill/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Load scores' }).click();
  const scores = page.getByRole('table', { name: 'Impact scores' });
  await expect(scores.getByRole('row')).toHaveCount(4);
  await expect(scores).toContainText('kg CO2-Eq');

  const link = page.url();
  expect(link).toMatch(/\/3\.12\/cutoff\/datasets\/\d+\?ind=\d+,\d+,\d+$/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await signInAsDemoUser(other);
  await expect(other).toHaveURL(link);
  await expect(
    other.getByRole('heading', { level: 1, name: 'market for electricity, high voltage' }),
  ).toBeVisible();
  // Already charged this period, so the scores load without asking.
  await expect(other.getByRole('table', { name: 'Impact scores' }).getByRole('row')).toHaveCount(4);
  await fresh.close();
});

test('look up a dataset by Dataset ID, by activity UUID and by ecoSpold file name', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  const box = page
    .getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' })
    .first();
  await box.fill('8279');
  await box.press('Enter');
  // The page writes the indicator set it shows (the headline set here) into its address.
  await expect(page).toHaveURL(/\/3\.12\/cutoff\/datasets\/8279\?ind=[\d,]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'market for electricity, low voltage' }),
  ).toBeVisible();
  const documentation = page.getByRole('table', { name: 'Dataset documentation' });
  const activityUuid =
    (
      await documentation
        .getByRole('row', { name: /Activity UUID/ })
        .getByRole('cell')
        .textContent()
    )?.trim() ?? '';
  const productUuid =
    (
      await documentation
        .getByRole('row', { name: /Product UUID/ })
        .getByRole('cell')
        .textContent()
    )?.trim() ?? '';
  expect(activityUuid).toMatch(/^[0-9a-f-]{36}$/);

  // A UUID is tried as an activity, a product and a geography UUID: the two that match nothing
  // are answers, not failures the browser's console would show in red.
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${String(response.status())} ${url.pathname}${url.search}`);
  });
  await page.goto(`/3.12/cutoff/lookup/${activityUuid}`);
  await expect(page).toHaveURL(/\/datasets\/8279\?ind=[\d,]+$/);

  await page.goto('/3.12/cutoff');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Release 3.12 · cutoff' }),
  ).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type(`${activityUuid}_${productUuid}.spold`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/datasets\/8279\?ind=[\d,]+$/);

  // A product made in hundreds of places: the service sends 100, and the page says so.
  await page.goto(`/3.12/cutoff/lookup/${productUuid}`);
  const heading = page.getByRole('heading', { level: 1, name: /^\d+ datasets match$/ });
  await expect(heading).toBeVisible();
  expect(Number((await heading.textContent())?.split(' ')[0])).toBeGreaterThan(100);
  await expect(page.getByText(/^Showing 100 of \d+$/)).toBeVisible();
  const matches = page.getByRole('table', { name: 'Matching datasets' });
  await expect(matches.getByRole('row')).toHaveCount(101);
  // Listed by activity, then geography, as a reader scans them.
  const rows = await matches
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
  const order = rows.map(([activity = '', , geography = '']) => `${activity}\u0000${geography}`);
  expect(order).toEqual(
    [...rows]
      .sort(
        ([a = '', , ag = ''], [b = '', , bg = '']) => a.localeCompare(b) || ag.localeCompare(bg),
      )
      .map(([activity = '', , geography = '']) => `${activity}\u0000${geography}`),
  );
  await expect(page.getByRole('link', { name: /^Search for “.+”$/ })).toBeVisible();
  expect(failed, 'API calls answered with an error').toEqual([]);

  await page.goto('/3.12/cutoff/lookup/not-a-key');
  await expect(
    page.getByText(/neither a Dataset ID, a UUID, nor an ecoSpold file name/),
  ).toBeVisible();
});

test('switching release on a dataset page keeps the dataset', async ({ page }) => {
  await page.goto('/3.12/cutoff/datasets/8279');
  await signInAsDemoUser(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'market for electricity, low voltage' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Release' }).selectOption('3.11');
  await expect(page).toHaveURL(/\/3\.11\/cutoff\/datasets\/8279\?ind=[\d,]+$/);
  await expect(page.getByText(/release 3\.11 \(cutoff\)/)).toBeVisible();
});

test('a dataset missing from a release says so and offers the releases that have it', async ({
  page,
}) => {
  // The emulator's data is deterministic: this ID is new in 3.11 and absent from 3.10.
  const { DataStore } = await import('../src/emulator/data/store');
  const store = DataStore.forScale(1);
  const older = store.view('3.10', 'cutoff');
  const newer = store.view('3.11', 'cutoff');
  const id = newer?.datasets.find(
    (record) => !older?.byId.has(record.id) && newer.release.changes.get(record.id) === 'new',
  )?.id;
  expect(id).toBeDefined();
  await page.goto(`/3.10/cutoff/datasets/${String(id)}`);
  await signInAsDemoUser(page);
  await expect(
    page.getByRole('heading', { level: 1, name: `Dataset ${String(id)} is not in 3.10 · cutoff` }),
  ).toBeVisible();
  await expect(page.getByText('Releases that have it:')).toBeVisible();
  await page.getByRole('link', { name: '3.11 · cutoff' }).click();
  await expect(page).toHaveURL(new RegExp(`/3\\.11/cutoff/datasets/${String(id)}\\?ind=[\\d,]+$`));
});

test('a geography given by code or name in any case finds its datasets', async ({ page }) => {
  // An old link with a bare code is read as the display name the data service filters by.
  await page.goto('/3.12/cutoff/datasets?q=electricity&geography=MX');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/geography=Mexico\+%28MX%29/);
  await expect(page.getByText(/activities match “electricity” in Mexico \(MX\)/)).toBeVisible();
  // Typed as a name in lower case, and picked from the suggestions.
  const geography = page.getByRole('combobox', { name: 'Geography' });
  await geography.fill('germany');
  await page.getByRole('option', { name: 'Germany (DE)', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/geography=Germany\+%28DE%29/);
  await expect(page.getByText(/activities match “electricity” in Germany \(DE\)/)).toBeVisible();
  // Typed as a code and submitted without picking.
  await geography.fill('fr');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/activities match “electricity” in France \(FR\)/)).toBeVisible();
});

test('filter a search by sector, and by the ISIC section of a dataset found that way', async ({
  page,
}) => {
  const sectorCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sectors') sectorCalls.push(request.url());
  });
  await page.goto('/3.12/cutoff/datasets?q=market%20for%20electricity');
  await signInAsDemoUser(page);
  await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
  // A plain search sets off no sector indexing (a few hundred calls to the data service)…
  expect(sectorCalls).toEqual([]);
  // …opening a picker does, once for everyone; its options appear when the index is ready.
  const sector = page.getByRole('combobox', { name: 'Sector' });
  await sector.click();
  await page.getByRole('option', { name: /^Transport \([\d ,]+\)$/ }).click();
  expect(sectorCalls.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/[?&]sector=Transport(&|$)/);
  // Of the “market for electricity” activities only electric transport is in that sector.
  await expect(
    page.getByText(/activities? match(es)? “market for electricity”, sector Transport\./),
  ).toBeVisible();
  const results = page.getByRole('table', { name: 'Search results' });
  await expect(results.getByRole('link', { name: /transport/ }).first()).toBeVisible();
  await expect(
    results.getByRole('link', { name: /^market for electricity, low voltage/ }),
  ).toHaveCount(0);

  await sector.click();
  await page.getByRole('option', { name: /^Electricity \([\d ,]+\)$/ }).click();
  await expect(page).toHaveURL(/[?&]sector=Electricity(&|$)/);
  await expect(
    page.getByText(/activities? match(es)? “market for electricity”, sector Electricity\./),
  ).toBeVisible();
  // Filtered, the pickers count these results (compared with the whole release's below).
  await page.getByRole('combobox', { name: 'ISIC section' }).click();
  const sections = page.getByRole('listbox');
  await expect(sections.getByText('Datasets in these results')).toBeVisible();
  const countOf = (label: string | null) =>
    Number(/\(([\d,]+)\)$/.exec(label ?? '')?.[1]?.replaceAll(',', ''));
  const inResults = countOf(
    await sections.getByRole('option', { name: /^D - Electricity, gas, steam/ }).textContent(),
  );
  expect(inResults).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await results
    .getByRole('link', { name: /^market for electricity, low voltage, / })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'market for electricity, low voltage' }),
  ).toBeVisible();

  // The dataset's ISIC section opens the release's datasets in that section, shareably.
  await page.getByRole('link', { name: /^D - Electricity, gas, steam/ }).click();
  await expect(page).toHaveURL(/\/3\.12\/cutoff\/datasets\?isic=D\+-\+Electricity/);
  const section = page.getByRole('combobox', { name: 'ISIC section' });
  await expect(section).toHaveValue(/^D - Electricity, gas, steam and air conditioning supply \(/);
  // With no query, the section's count is the release's, beyond the electricity markets'.
  expect(countOf(await section.inputValue())).toBeGreaterThan(inResults);
  await expect(page.getByText(/activities? match(es)?, ISIC D - Electricity/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/activities? match(es)?, ISIC D - Electricity/)).toBeVisible();
});
