import { readFileSync } from 'node:fs';
import { readCsv } from '../src/shared/csv';
import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

/** Scores straight from the data service (the emulator), to check the explorer's export against. */
async function apiScores(origin: string, datasetIds: number[], indicatorIds: number[]) {
  const token = (
    (await (
      await fetch(`${origin}/realms/ecoinvent/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: process.env.E2E_CLIENT_ID ?? '',
          client_secret: process.env.E2E_CLIENT_SECRET ?? '',
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const response = await fetch(
    `${origin}/v0/datasets/batch?version=3.12&system_model=cutoff&limit=100`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-user-id': 'e2e-check',
      },
      body: JSON.stringify({ dataset_ids: datasetIds, indicator_ids: indicatorIds }),
    },
  );
  const body = (await response.json()) as {
    datasets: { id: number; impact_scores: { id: number; score: number }[] }[];
  };
  return new Map(
    body.datasets.flatMap((d) => d.impact_scores.map((s) => [`${d.id}|${s.id}`, s.score] as const)),
  );
}

test('compare three datasets on climate change across methods, share it, and export exact values', async ({
  page,
  browser,
  emulatorUrl,
}) => {
  await page.goto('/3.12/cutoff/compare');
  await signInAsDemoUser(page);
  for (const id of ['8279', '2989', '7773']) {
    await page.getByLabel('Add dataset by ID').fill(id);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByText('Across methods', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Across methods' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('climate change');
  await expect(
    page.getByText(/Loading them adds 3 new datasets(,| and) \d+ new indicators/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Load scores' }).click();

  const table = page.getByRole('table', { name: 'Comparison' });
  await expect(
    table.getByRole('columnheader', { name: /market for electricity, low voltage.*Mexico \(MX\)/ }),
  ).toBeVisible();
  await expect(table.getByText('kg CO2-Eq').first()).toBeVisible();
  await expect(table.getByText('n/a')).toHaveCount(0);
  const rows = await table.getByRole('row').count();
  expect(rows).toBeGreaterThan(10);
  const shown = await table.innerText();

  const link = page.url();
  expect(link).toMatch(/compare\?ds=8279,2989,7773&mode=methods/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await signInAsDemoUser(other);
  const sharedTable = other.getByRole('table', { name: 'Comparison' });
  await expect(sharedTable.getByText('kg CO2-Eq').first()).toBeVisible();
  await expect(sharedTable.getByText('n/a')).toHaveCount(0);
  await expect(sharedTable.getByRole('row')).toHaveCount(rows);
  expect(await sharedTable.innerText()).toBe(shown);
  await fresh.close();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readCsv(readFileSync(await download.path(), 'utf8')).map((row) => row.cells);
  const header = csv[0] ?? [];
  // The explorer's one scores layout, the CLI's too, named in its last column.
  expect(header).toEqual([
    'version',
    'system_model',
    'dataset_id',
    'activity',
    'product',
    'geography',
    'reference_unit',
    'indicator_id',
    'method',
    'category',
    'indicator',
    'score',
    'unit',
    'score_note',
    'format',
  ]);
  expect(csv.length - 1).toBe(3 * (rows - 1));
  const column = (name: string) => header.indexOf(name);
  const exported = csv.slice(1).map((cells) => ({
    dataset: Number(cells[column('dataset_id')]),
    indicator: Number(cells[column('indicator_id')]),
    score: Number(cells[column('score')]),
  }));
  const api = await apiScores(
    emulatorUrl,
    [8279, 2989, 7773],
    [...new Set(exported.map((row) => row.indicator))],
  );
  for (const row of exported)
    expect(row.score, `${row.dataset}|${row.indicator}`).toBe(
      api.get(`${row.dataset}|${row.indicator}`),
    );
});

test('pick indicators on the compare page itself, and one indicator across every method', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/compare?ds=8279,2989');
  await signInAsDemoUser(page);
  const picker = page.getByRole('combobox', { name: 'Indicators' });
  await picker.click();
  await picker.fill('CML acidification');
  await page.getByRole('option', { name: /^CML v4\.8 2016 › acidification › .* \(964\)$/ }).click();
  await expect(page).toHaveURL(/ind=964/);
  await expect(page.getByRole('table', { name: 'Comparison' }).getByRole('row')).toHaveCount(2);

  await page.getByText('Across methods', { exact: true }).click();
  const one = page.getByRole('combobox', { name: 'or one indicator' });
  await one.click();
  await one.fill('global warming potential (GWP100)');
  await page
    .getByRole('option', { name: 'global warming potential (GWP100)', exact: true })
    .click();
  await expect(page).toHaveURL(/indicator=global/);
  const rows = page.getByRole('table', { name: 'Comparison' }).getByRole('row');
  await expect(rows.nth(5)).toContainText('global warming potential (GWP100)');
  expect(await rows.count()).toBeGreaterThan(8);
});
