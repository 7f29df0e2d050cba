import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { csvCells, downloaded, workbook } from './files';
import { datasetIds } from './proxy-api';
import { copyLink, loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

/** The exact values the page shows, from each value's "…, exactly X" label. */
async function exactValues(page: Page, within: string) {
  const labels = await page
    .getByRole('table', { name: within })
    .getByLabel(/exactly/)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(label.replace(/^.*exactly /, '')));
}

test('a dataset’s scores as XLSX: numbers as numbers, with units, method, release and the query', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279?ind=882,964');
  await signInAsDemoUser(page);
  await loadScoresIfAsked(page, page.getByRole('table', { name: 'Impact scores' }));
  const onPage = await exactValues(page, 'Impact scores');
  const link = await copyLink(page);

  // The spreadsheet library comes only now, with the first export.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const file = await downloaded(page, 'Export XLSX');
  expect(scripts.length).toBeGreaterThan(0);
  expect(file.suggestedFilename()).toBe('dataset-8279-3.12-cutoff.xlsx');
  const book = await workbook(file);
  expect([...book.keys()]).toEqual(['Scores', 'Query']);
  const [header = [], ...rows] = book.get('Scores') ?? [];
  const column = (name: string) => header.indexOf(name);
  expect(header).toEqual(
    expect.arrayContaining(['version', 'system_model', 'method', 'category', 'score', 'unit']),
  );
  expect(rows.map((row) => row[column('score')])).toEqual(onPage);
  for (const row of rows) {
    expect(typeof row[column('score')]).toBe('number');
    expect(row[column('version')]).toBe('3.12');
    expect(row[column('system_model')]).toBe('cutoff');
    expect(row[column('unit')]).toMatch(/Eq/);
  }
  const query = new Map((book.get('Query') ?? []).map(([label, value]) => [label, value]));
  expect(query.get('Link')).toBe(link);
  expect(query.get('Release')).toBe('3.12');

  // The CSV holds the same numbers, in the same order (read by its header: the layout names
  // its format in a last column).
  const [csvHeader = [], ...csvRows] = await csvCells(await downloaded(page, 'Export CSV'));
  const csv = csvRows.map((cells) => Number(cells[csvHeader.indexOf('score')]));
  expect(csv).toEqual(onPage);
});

test('a comparison as XLSX and wide CSV follows the table’s ranking', async ({ page }) => {
  await page.goto('/3.12/cutoff/compare?ds=8279,2989,7773&ind=882,964&sort=964&dir=asc');
  await signInAsDemoUser(page);
  const table = page.getByRole('table', { name: 'Comparison' });
  await loadScoresIfAsked(page, table.getByLabel(/exactly/).nth(5));
  // Columns as ranked: their Dataset IDs, as the headers' links name them.
  const order = await table
    .getByRole('columnheader')
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => Number(/datasets\/(\d+)/.exec(link.getAttribute('href') ?? '')?.[1])),
    );
  expect([...order].sort()).toEqual([2989, 7773, 8279]);
  // Row by row on the page (indicator), column by column (dataset).
  const onPage = await exactValues(page, 'Comparison');

  const book = await workbook(await downloaded(page, 'Export XLSX'));
  expect([...book.keys()]).toEqual(['Scores', 'Datasets × indicators', 'Query']);
  const [, ...wide] = book.get('Datasets × indicators') ?? [];
  expect(wide.map((row) => row[2])).toEqual(order);
  // The wide sheet is the page's table turned: dataset rows, indicator columns.
  const turned = [0, 1].flatMap((indicator) => wide.map((row) => row[7 + indicator]));
  expect(turned).toEqual(onPage);
  const [, ...long] = book.get('Scores') ?? [];
  expect([...new Set(long.map((row) => row[2]))]).toEqual(order);
  const query = new Map((book.get('Query') ?? []).map(([label, value]) => [label, value]));
  expect(query.get('Ranked by')).toMatch(/\(964\), smallest first$/);

  const wideCsv = readFileSync(await (await downloaded(page, 'Export wide CSV')).path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  expect(wideCsv.map((cells) => Number(cells[2]))).toEqual(order);
});

/** A sheet's rows as records by its header. */
function records(sheet: (string | number | null)[][] | undefined) {
  const [header = [], ...rows] = sheet ?? [];
  return rows.map((row) => new Map(header.map((name, i) => [String(name), row[i] ?? null])));
}

test('a dataset across releases as XLSX: the scores the page shows, with method, category, unit and the link', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279/history?ind=882,964');
  await signInAsDemoUser(page);
  const table = page.getByRole('table', { name: 'Scores across releases' });
  await loadScoresIfAsked(page, table.getByLabel(/exactly/).first());
  await expect(table.getByText('Not loaded')).toHaveCount(0);
  const onPage = await exactValues(page, 'Scores across releases');
  const link = await copyLink(page);

  const file = await downloaded(page, 'Export XLSX');
  expect(file.suggestedFilename()).toBe('dataset-8279-across-releases-cutoff.xlsx');
  const book = await workbook(file);
  expect([...book.keys()]).toEqual(['Across releases', 'Scores', 'Query']);
  const scores = records(book.get('Scores'));
  expect(scores.map((row) => row.get('score')).filter((score) => score !== null)).toEqual(onPage);
  for (const row of scores) {
    expect(row.get('system_model')).toBe('cutoff');
    expect(row.get('method')).toEqual(expect.any(String));
    expect(row.get('category')).toEqual(expect.any(String));
    expect(row.get('unit')).toMatch(/Eq/);
    if (row.get('score') !== null) expect(typeof row.get('score')).toBe('number');
  }
  const query = new Map((book.get('Query') ?? []).map(([label, value]) => [label, value]));
  expect(query.get('Link')).toBe(link);
  expect(query.get('Release')).toBe('3.12');
});

test('what changed as XLSX: the filtered list with IDs as numbers, the releases and the link', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/changes?from=3.11&change=moved');
  await signInAsDemoUser(page);
  const table = page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const count = Number(
    ((await page.getByText(/^[\d,]+ of [\d,]+ changed datasets?$/).textContent()) ?? '')
      .split(' of ')[0]
      ?.replace(/,/g, ''),
  );
  // The page's first row: the IDs on both sides, as it writes them ("ID 1234").
  const firstIds = [
    ...((await table.getByRole('row').nth(1).textContent()) ?? '').matchAll(/ID (\d+)/g),
  ].map(([, id]) => Number(id));
  const link = await copyLink(page);

  const book = await workbook(await downloaded(page, 'Export XLSX'));
  expect([...book.keys()]).toEqual(['Changes', 'Query']);
  const rows = records(book.get('Changes'));
  expect(rows).toHaveLength(count);
  for (const row of rows) expect(row.get('change')).toBe('moved');
  expect([rows[0]?.get('3.11_id'), rows[0]?.get('3.12_id')]).toEqual(firstIds);
  const query = new Map((book.get('Query') ?? []).map(([label, value]) => [label, value]));
  expect(query.get('Link')).toBe(link);
  expect(query.get('Compared with')).toBe('3.11');
  expect(query.get('Change')).toBe('moved');
});

test('a long list as XLSX: every change between two releases, written under the page’s own security policy', async ({
  page,
}) => {
  // Thousands of rows make a sheet far over the size at which the zip library would start a Worker
  // from a blob: URL, which the explorer's CSP forbids (the export then waited forever).
  await page.goto('/3.12/cutoff/changes?from=3.11');
  await signInAsDemoUser(page);
  const table = page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const count = Number(
    ((await page.getByText(/^[\d,]+ changed datasets?$/).textContent()) ?? '')
      .split(' ')[0]
      ?.replace(/,/g, ''),
  );
  expect(count).toBeGreaterThan(1000);
  const book = await workbook(await downloaded(page, 'Export XLSX'));
  expect(records(book.get('Changes'))).toHaveLength(count);
});

test('an upgrade mapping as XLSX: both datasets’ scores as numbers, with method, category and unit', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/upgrade?from=3.11&ids=8279,2989&ind=882');
  await signInAsDemoUser(page);
  const verdicts = page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
  await expect(verdicts.getByRole('row')).toHaveCount(3);
  await loadScoresIfAsked(page, verdicts.getByRole('columnheader', { name: /^Change in / }));
  const link = await copyLink(page, 'Copy link to this list');

  const book = await workbook(await downloaded(page, 'Export XLSX'));
  expect([...book.keys()]).toEqual(['Mapping', 'Scores', 'Query']);
  const mapping = records(book.get('Mapping'));
  expect(mapping.map((row) => row.get('3.11_id'))).toEqual([8279, 2989]);
  const scores = records(book.get('Scores'));
  expect(scores.map((row) => row.get('3.11_id'))).toEqual([8279, 2989]);
  for (const row of scores) {
    expect(row.get('indicator_id')).toBe(882);
    expect(typeof row.get('3.11_score')).toBe('number');
    expect(typeof row.get('3.12_score')).toBe('number');
    expect(row.get('unit')).toMatch(/Eq/);
    expect(row.get('method')).toEqual(expect.any(String));
  }
  const query = new Map((book.get('Query') ?? []).map(([label, value]) => [label, value]));
  expect(query.get('Link')).toBe(link);
});

test('usage as CSV and XLSX: what the data service’s meter counted, name and release beside each ID', async ({
  page,
  emulatorUrl,
}) => {
  // A dataset of its own, charged here, so the filtered export is this journey's charge.
  const [id] = await datasetIds('nylon');
  if (id === undefined) throw new Error('the demo release lacks nylon datasets');
  await page.goto(`/3.12/cutoff/datasets/${String(id)}?ind=882`);
  await signInAsDemoUser(page);
  await loadScoresIfAsked(page, page.getByRole('table', { name: 'Impact scores' }));
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

  await page.goto(`/usage?dataset=${String(id)}`);
  const charges = page.getByRole('table', { name: 'Charges this period' });
  await expect(charges.getByRole('row')).toHaveCount(2);
  await expect(charges.getByRole('row').nth(1)).toContainText(`${String(id)} ${name}`);
  await expect(charges.getByRole('row').nth(1)).toContainText('3.12 cutoff');
  await expect(charges.getByRole('row').nth(1)).toContainText('Dataset page');
  const meter = async () =>
    (await (await fetch(`${emulatorUrl}/_emulator/ledger`)).json()) as {
      dataset_ids: number[];
      indicator_ids: number[];
    };

  // The charge that added this dataset, as the export has it and as the meter counted it.
  const book = await workbook(await downloaded(page, 'Export XLSX'));
  const rows = records(book.get('Charges'));
  const datasets = rows.filter((row) => row.get('kind') === 'dataset');
  expect(datasets.filter((row) => row.get('id') === id)).toHaveLength(1);
  const charged = (kind: string) =>
    rows
      .filter((row) => row.get('kind') === kind && row.get('status') === 'charged')
      .map((row) => row.get('id') as number);
  const counted = await meter();
  expect(counted.dataset_ids).toEqual(expect.arrayContaining(charged('dataset')));
  expect(counted.indicator_ids).toEqual(expect.arrayContaining(charged('indicator')));
  const row = datasets.find((each) => each.get('id') === id);
  expect(String(row?.get('name'))).toMatch(
    new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `),
  );
  expect([row?.get('version'), row?.get('system_model')]).toEqual(['3.12', 'cutoff']);
  const csv = readFileSync(await (await downloaded(page, 'Export CSV')).path(), 'utf8');
  expect(csv).toContain(`,dataset,${String(id)},`);

  // Every charge this user made, exported whole: each dataset and indicator the meter has.
  await page.getByRole('textbox', { name: 'Dataset ID', exact: true }).fill('');
  await expect(page).toHaveURL(/\/usage$/);
  const all = records((await workbook(await downloaded(page, 'Export XLSX'))).get('Charges'));
  const mine = (kind: string) => [
    ...new Set(
      all
        .filter((each) => each.get('kind') === kind && each.get('status') === 'charged')
        .map((each) => each.get('id') as number),
    ),
  ];
  const after = await meter();
  expect(after.dataset_ids).toEqual(expect.arrayContaining(mine('dataset')));
  expect(after.indicator_ids).toEqual(expect.arrayContaining(mine('indicator')));
  // A dataset is charged once a period: the export never lists one twice as charged.
  expect(
    all.filter((each) => each.get('kind') === 'dataset' && each.get('status') === 'charged'),
  ).toHaveLength(mine('dataset').length);
});
