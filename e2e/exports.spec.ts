import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { readXlsx } from '../src/web/testing/read-xlsx';
import { expect, test } from './fixtures';
import { copyLink, loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

async function downloaded(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return file;
}

async function workbook(file: Download) {
  const bytes = readFileSync(await file.path());
  return readXlsx(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

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

  // The CSV holds the same numbers, in the same order.
  const csv = readFileSync(await (await downloaded(page, 'Export CSV')).path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',').at(-2)));
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
