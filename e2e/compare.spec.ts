import { readFileSync } from 'node:fs';
import { readCsv } from '../src/shared/csv';
import { sharePercent } from '../src/shared/matching/words';
import { csvCells, downloaded } from './files';
import { expect, test } from './fixtures';
import { groundTruth } from './ground-truth';
import { loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

/** Scores straight from the data service (the emulator), to check the explorer's export against. */
async function apiScores(
  origin: string,
  datasetIds: number[],
  indicatorIds: number[],
  systemModel = 'cutoff',
) {
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
    `${origin}/v0/datasets/batch?version=3.12&system_model=${systemModel}&limit=100`,
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
  // The bill first: which of the three datasets are new depends on what other journeys on this
  // stack (the citing journeys score the same three) charged before; the indicators are new.
  await expect(
    page.getByText(/Loading them adds (\d new datasets?(,| and) )?\d+ new indicators/),
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
    'activity_uuid',
    'product_uuid',
    'file_name',
    'service',
    'retrieved_at',
    'explorer_version',
    'evidence_digest',
    'format',
  ]);
  expect(csv.length - 1).toBe(3 * (rows - 1));
  // Each value with the answer it came from (issue 35).
  for (const cells of csv.slice(1))
    expect(cells[header.indexOf('evidence_digest')]).toMatch(/^sha256:[0-9a-f]{64}$/);
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

test('the same dataset under cut-off and APOS side by side, and its export naming each row’s release', async ({
  page,
  emulatorUrl,
}) => {
  await page.goto('/3.12/cutoff/compare?ds=8279&ind=964,882');
  await signInAsDemoUser(page);
  await page.getByRole('combobox', { name: 'in release' }).click();
  await page.getByRole('option', { name: '3.12 · apos' }).click();
  await page.getByLabel('Add dataset by ID').fill('8279');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/compare\?ds=8279,8279@3\.12\/apos&ind=964,882$/);

  const table = page.getByRole('table', { name: 'Comparison' });
  const headers = table.getByRole('columnheader');
  await expect(headers.nth(2)).toContainText('3.12 · cutoff');
  await expect(headers.nth(3)).toContainText('3.12 · apos');
  // Charged separately by the data service: the bill is asked release by release, if at all.
  await loadScoresIfAsked(page, table.getByLabel(/exactly/).nth(3));
  await expect(table.getByText('n/a')).toHaveCount(0);

  const rows = await csvCells(await downloaded(page, 'Export CSV'));
  const [header = [], ...lines] = rows;
  const at = (name: string) => header.indexOf(name);
  expect(lines).toHaveLength(4);
  const models = ['cutoff', 'apos'];
  for (const systemModel of models) {
    const api = await apiScores(emulatorUrl, [8279], [964, 882], systemModel);
    const mine = lines.filter((cells) => cells[at('system_model')] === systemModel);
    expect(mine.map((cells) => cells[at('version')])).toEqual(['3.12', '3.12']);
    for (const cells of mine)
      expect(Number(cells[at('score')]), `${systemModel} ${cells[at('indicator_id')] ?? ''}`).toBe(
        api.get(`8279|${Number(cells[at('indicator_id')])}`),
      );
  }
  // The two system models are two numbers, not one number twice.
  const byModel = models.map((model) =>
    lines.filter((cells) => cells[at('system_model')] === model).map((cells) => cells[at('score')]),
  );
  expect(byModel[0]).not.toEqual(byModel[1]);

  const wide = await csvCells(await downloaded(page, 'Export wide CSV'));
  expect(
    wide.slice(1).map((cells) => `${cells[0] ?? ''}/${cells[1] ?? ''}/${cells[2] ?? ''}`),
  ).toEqual(['3.12/cutoff/8279', '3.12/apos/8279']);
});

test('a comparison link with an ID of an older release offers its successors, with their shares, and names them once confirmed', async ({
  page,
  emulatorUrl,
}) => {
  // 534 (adipic acid, RER) is in 3.10 only: the emulator records it split in 3.11.
  const truth = (await groundTruth(emulatorUrl, '3.10', '3.12')).filter(
    (row) => row.from_id === 534,
  );
  expect(truth.length).toBeGreaterThan(1);
  expect(truth.every((row) => row.to_id !== 534)).toBe(true);

  await page.goto('/3.12/cutoff/compare?ds=534&ind=964');
  await signInAsDemoUser(page);
  const offer = page.getByRole('alert').filter({ hasText: 'Dataset 534 is not in 3.12 · cutoff' });
  const successors = offer.getByRole('list', { name: 'What 534 became in 3.12 · cutoff' });
  await expect(successors.getByRole('listitem')).toHaveCount(truth.length);
  await expect(offer).toContainText('ecoinvent change report 3.10 → 3.11');
  for (const row of truth) {
    await expect(
      successors.getByRole('listitem').filter({ hasText: new RegExp(`^${String(row.to_id)} · `) }),
    ).toContainText(` — ${sharePercent(row.share ?? 0)} %`);
  }
  // Nothing replaced until asked.
  await expect(page).toHaveURL(/compare\?ds=534&ind=964$/);

  await offer
    .getByRole('button', { name: `Replace 534 by its ${truth.length} successors` })
    .click();
  const ids = truth.map((row) => String(row.to_id));
  await expect(page).toHaveURL(new RegExp(`compare\\?ds=${ids.join(',')}&ind=964$`));
  await expect(offer).toHaveCount(0);
  const headers = page.getByRole('table', { name: 'Comparison' }).getByRole('columnheader');
  await expect(headers).toHaveCount(2 + truth.length);
});
