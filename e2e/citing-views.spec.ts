import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { toCsv } from '../src/shared/csv';
import { readSavedScores } from '../src/shared/scores/read';
import { expect, test } from './fixtures';
import { csvCells, downloaded } from './files';
import { checkEvidence, datasetIds, demoToken, indicatorIds } from './proxy-api';
import { loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

/** The exact values a table shows, from each value's "…, exactly X" label. */
async function exactValues(page: Page, table: string) {
  const labels = await page
    .getByRole('table', { name: table })
    .getByLabel(/exactly/)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^.*exactly /, ''));
}

/** Text without its spaces and line breaks, as wrapped lines of a PDF leave it. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/** A downloaded PDF's text, read back with poppler's pdftotext. */
const pdfText = (file: string) =>
  squeezed(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** Every scored call the page makes from now on (a report must make none). */
function scoredCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      /^\/api\/datasets\/(batch|\d+)$/.test(url.pathname) &&
      /indicator/.test(`${url.search}${request.postData() ?? ''}`)
    )
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** "Cite this": the citation as text, RIS and BibTeX, as the dialog shows them. */
async function citeThis(page: Page) {
  await page.getByRole('button', { name: 'Cite this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cite this data' });
  const form = async (tab: string) => {
    await dialog.getByRole('tab', { name: tab }).click();
    return ((await dialog.getByLabel(`Citation as ${tab}`).textContent()) ?? '').replace(
      /\r\n/g,
      '\n',
    );
  };
  const cited = { text: await form('Text'), ris: await form('RIS'), bibtex: await form('BibTeX') };
  await page.keyboard.press('Escape');
  return cited;
}

test('a comparison of four datasets × three indicators to cite, hand over and check: Cite this, the PDF, the tidy CSV and the evidence', async ({
  page,
  baseURL,
}) => {
  const others = (await datasetIds('electricity')).filter((id) => ![8279, 2989, 7773].includes(id));
  const [acidification] = (await indicatorIds(/^acidification$/)).filter(
    (id) => ![882, 964].includes(id),
  );
  const ids = [8279, 2989, 7773, others[0] ?? 0];
  const ind = [882, 964, acidification ?? 0];
  await page.goto(`/3.12/cutoff/compare?ds=${ids.join(',')}&ind=${ind.join(',')}`);
  await signInAsDemoUser(page);
  const table = page.getByRole('table', { name: 'Comparison' });
  await loadScoresIfAsked(page, table.getByLabel(/exactly/).nth(11));
  const onPage = await exactValues(page, 'Comparison');
  expect(onPage).toHaveLength(12);

  // 1. "Cite this": each dataset once, in the three forms, each naming the same datasets.
  const cited = await citeThis(page);
  for (const id of ids) {
    expect(cited.text).toContain(`Dataset ID ${id};`);
    expect(cited.ris).toContain(`Dataset ID ${id};`);
    expect(cited.bibtex).toContain(`@misc{ecoinvent-3.12-cutoff-${id},`);
  }
  expect(cited.ris.match(/^TY {2}- DATA$/gm)).toHaveLength(4);
  expect(cited.bibtex.match(/^@misc\{/gm)).toHaveLength(4);

  // 2. The tidy CSV: every value on screen, the provenance on every row.
  const [header = [], ...rows] = await csvCells(await downloaded(page, 'Export CSV'));
  const cell = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
  expect(rows).toHaveLength(12);
  expect(rows.map((row) => cell(row, 'score')).sort()).toEqual([...onPage].sort());
  for (const row of rows) {
    expect(cell(row, 'service')).toBe('demo data');
    expect(Date.parse(cell(row, 'retrieved_at'))).toBeGreaterThan(0);
    expect(cell(row, 'explorer_version')).toMatch(/^\d+\.\d+\.\d+/);
    expect(cell(row, 'evidence_digest')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(cell(row, 'file_name')).toMatch(/\.spold$/);
  }

  // 3. The PDF, read back: every value on screen, the citation, the provenance and the marking;
  // making it (and the print view) asks for no score.
  const calls = scoredCalls(page);
  await page.getByRole('button', { name: 'Print view' }).click();
  const printed = page.getByRole('dialog', { name: 'Print view' });
  await expect(
    printed.getByRole('heading', { name: /Comparison of 4 datasets on 3 indicators/ }),
  ).toBeVisible();
  await printed.getByRole('button', { name: 'Close print view' }).click();
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.suggestedFilename()).toBe('comparison-3.12-cutoff-report.pdf');
  const read = pdfText(await pdf.path());
  for (const value of onPage) expect(read).toContain(value);
  for (const paragraph of cited.text.split('\n\n')) expect(read).toContain(squeezed(paragraph));
  for (const row of rows) expect(read).toContain(cell(row, 'evidence_digest'));
  for (const row of rows)
    expect(read).toContain(squeezed(`ecoSpold file ${cell(row, 'file_name')}`));
  expect(read).toContain(squeezed('Data service: demo data'));
  expect(read).toContain(squeezed(`Explorer version: ${cell(rows[0] ?? [], 'explorer_version')}`));
  expect(read).toContain(squeezed('Calculated data of ecoinvent 3.12'));
  expect(read).toContain(squeezed('under the ecoinvent licence of Demo organisation'));
  expect(calls).toEqual([]);

  // 4. One value changed in the saved file: the check (route and command line) names that row.
  const changed = [header, ...rows].map((row, i) =>
    i === 5
      ? row.map((value, c) =>
          c === header.indexOf('score') ? String(Number(value) * 2 + 1) : value,
        )
      : row,
  );
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-verify-')), 'comparison.csv');
  writeFileSync(saved, toCsv(changed));
  const answer = await checkEvidence(readSavedScores(readFileSync(saved, 'utf8')).rows);
  expect(
    answer.rows
      .filter((row) => row.status !== 'match')
      .map(({ row, status, fields }) => ({ row, status, fields })),
  ).toEqual([{ row: 6, status: 'differs', fields: ['score'] }]);
  expect(answer.rows).toHaveLength(12);
  const cli = spawnSync(
    process.execPath,
    ['src/cli/bin.mjs', 'verify', saved, '--url', baseURL ?? ''],
    {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: path.dirname(saved),
        LCI_EXPLORER_TOKEN: await demoToken(),
      },
    },
  );
  expect(cli.status).toBe(1);
  expect(cli.stdout).toMatch(
    new RegExp(
      `^row 6 \\[dataset ${cell(rows[4] ?? [], 'dataset_id')}, indicator \\d+\\]: differs .*\\(score\\)$`,
      'm',
    ),
  );
  expect(cli.stdout.match(/^row /gm)).toHaveLength(1);
});

test('a dataset’s history and an upgrade check to cite and hand over: Cite this and the PDF, with no scored call', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279/history?ind=882');
  await signInAsDemoUser(page);
  const scores = page.getByRole('table', { name: 'Scores across releases' });
  await loadScoresIfAsked(page, scores.getByLabel(/exactly/).first());
  const history = (await exactValues(page, 'Scores across releases')).filter(Boolean);
  expect(history.length).toBeGreaterThan(1);
  const cited = await citeThis(page);
  expect(cited.text).toContain('ecoinvent database version 3.12');
  expect(cited.text).toContain('ecoinvent database version 3.11');
  let calls = scoredCalls(page);
  let read = pdfText(await (await downloaded(page, 'Download PDF')).path());
  for (const value of history) expect(read).toContain(value);
  for (const paragraph of cited.text.split('\n\n')) expect(read).toContain(squeezed(paragraph));
  expect(read).toMatch(/Evidencedigests:sha256:[0-9a-f]{64}/);
  expect(calls).toEqual([]);

  await page.goto('/3.12/cutoff/upgrade?from=3.11&ids=8279,2989&ind=882');
  const verdicts = page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
  await expect(verdicts.getByRole('row')).toHaveCount(3);
  const upgrade = await citeThis(page);
  expect(upgrade.text).toContain('Dataset ID 8279;');
  expect(upgrade.text).toContain('ecoinvent database version 3.12');
  await loadScoresIfAsked(page, verdicts.getByRole('columnheader', { name: /^Change in / }));
  const [mappingHeader = [], ...mapped] = await csvCells(
    await downloaded(page, 'Export mapping CSV'),
  );
  const values = mapped.flatMap((row) =>
    ['882_3.11', '882_3.12'].map((name) => row[mappingHeader.indexOf(name)] ?? ''),
  );
  expect(values.filter((value) => value !== '')).toHaveLength(4);
  calls = scoredCalls(page);
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.suggestedFilename()).toBe('upgrade-3.11-to-3.12-cutoff-report.pdf');
  read = pdfText(await pdf.path());
  expect(read).toContain(squeezed('Calculated data of ecoinvent 3.11'));
  expect(read).toContain(squeezed('Scores in 3.11 and 3.12'));
  for (const value of values) expect(read).toContain(value);
  expect(read).toMatch(/Evidencedigests:sha256:[0-9a-f]{64}/);
  for (const paragraph of upgrade.text.split('\n\n')) expect(read).toContain(squeezed(paragraph));
  expect(calls).toEqual([]);
});
