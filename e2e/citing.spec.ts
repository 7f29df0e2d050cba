import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { toCsv } from '../src/shared/csv';
import { readSavedScores } from '../src/shared/scores/read';
import { expect, test } from './fixtures';
import { csvCells, downloaded } from './files';
import { checkEvidence, demoToken } from './proxy-api';
import { loadScoresIfAsked } from './share';
import { signInAsDemoUser } from './sign-in';

/** The exact values the page shows, from each value's "…, exactly X" label. */
async function exactValues(page: Page, within: string) {
  const labels = await page
    .getByRole('table', { name: within })
    .getByLabel(/exactly/)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^.*exactly /, ''));
}

/** Text without its spaces and line breaks, as wrapped lines of a PDF leave it. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

test('a dataset’s scores to cite, hand over and check: Cite this, the PDF report, the tidy CSV and the evidence', async ({
  page,
  baseURL,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279?ind=882,964');
  await signInAsDemoUser(page);
  await loadScoresIfAsked(page, page.getByRole('table', { name: 'Impact scores' }));
  const onPage = await exactValues(page, 'Impact scores');
  expect(onPage).toHaveLength(2);
  const activity = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

  // 1. "Cite this": the same citation as text, RIS and BibTeX, and the files the same as shown.
  await page.getByRole('button', { name: 'Cite this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cite this data' });
  const form = async (tab: string) => {
    await dialog.getByRole('tab', { name: tab }).click();
    return ((await dialog.getByLabel(`Citation as ${tab}`).textContent()) ?? '').replace(
      /\r\n/g,
      '\n',
    );
  };
  const text = await form('Text');
  const ris = await form('RIS');
  const risFile = await downloaded(page, 'Download .ris');
  expect(risFile.suggestedFilename()).toBe('ecoinvent-3.12-cutoff-8279.ris');
  expect(readFileSync(await risFile.path(), 'utf8').replace(/\r\n/g, '\n')).toBe(ris);
  const bibtex = await form('BibTeX');
  const bibFile = await downloaded(page, 'Download .bib');
  expect(readFileSync(await bibFile.path(), 'utf8')).toBe(bibtex);
  const ecoQuery = await dialog
    .getByRole('link', { name: 'The dataset in ecoQuery' })
    .getAttribute('href');
  await page.keyboard.press('Escape');

  const [header = [], ...rows] = await csvCells(await downloaded(page, 'Export CSV'));
  const cell = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
  const first = rows[0] ?? [];
  const file = cell(first, 'file_name');
  expect(file).toMatch(/^[0-9a-f-]{36}_[0-9a-f-]{36}\.spold$/);
  const day = new Date().toISOString().slice(0, 10);
  const facts = [activity, 'MX', '3.12', 'cutoff', 'Dataset ID 8279', ecoQuery ?? 'no link'];
  for (const citation of [text, ris, bibtex])
    for (const fact of facts) expect(citation).toContain(fact);
  expect(text).toContain(`${activity}, MX, Allocation cut-off by classification (cutoff)`);
  expect(ris).toContain(`TI  - ${activity}, MX`);
  expect(bibtex).toContain(`title = {{${activity}}, {MX}}`);
  expect(text).toContain(file);
  expect(ris).toContain(file);
  expect(bibtex).toContain(file.replace('_', '\\_'));
  expect(text).toMatch(/\[Accessed \d{1,2} [A-Z][a-z]+ \d{4}\]/);
  expect(ris).toContain(`Y2  - ${day.replaceAll('-', '/')}`);
  expect(bibtex).toContain(`urldate = {${day}}`);

  // 2. The tidy CSV: the provenance of every value on its row.
  expect(rows.map((row) => cell(row, 'score'))).toEqual(onPage);
  for (const row of rows) {
    expect(cell(row, 'service')).toBe('demo data');
    expect(cell(row, 'file_name')).toBe(file);
    expect(Date.parse(cell(row, 'retrieved_at'))).toBeGreaterThan(0);
    expect(cell(row, 'explorer_version')).toMatch(/^\d+\.\d+\.\d+/);
    expect(cell(row, 'evidence_digest')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(cell(row, 'format')).toBe('lci-explorer.scores/2');
  }

  // 3. The PDF, read back: every value shown, the citation, the provenance and the marking. Its
  // library loads only now.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.suggestedFilename()).toBe('dataset-8279-3.12-cutoff-report.pdf');
  expect(scripts.some((script) => /\/pdf-/.test(script))).toBe(true);
  const read = squeezed(
    execFileSync('pdftotext', ['-enc', 'UTF-8', await pdf.path(), '-'], { encoding: 'utf8' }),
  );
  for (const value of onPage) expect(read).toContain(value);
  for (const paragraph of text.split('\n\n')) expect(read).toContain(squeezed(paragraph));
  for (const row of rows) expect(read).toContain(cell(row, 'evidence_digest'));
  expect(read).toContain(squeezed('Data service: demo data'));
  expect(read).toContain(squeezed(`ecoSpold file: ${file}`));
  expect(read).toContain(squeezed('Calculated data of ecoinvent 3.12'));
  expect(read).toContain(squeezed('under the ecoinvent licence of Demo organisation'));

  // 4. One value changed in the saved file: the check (route and command line) names that row.
  const changed = [header, ...rows].map((row, i) =>
    i === 2
      ? row.map((value, c) => (c === header.indexOf('score') ? String(Number(value) * 1.5) : value))
      : row,
  );
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-verify-')), 'scores.csv');
  writeFileSync(saved, toCsv(changed));
  const answer = await checkEvidence(readSavedScores(readFileSync(saved, 'utf8')).rows);
  expect(answer.rows.map(({ row, status, fields }) => ({ row, status, fields }))).toEqual([
    { row: 2, status: 'match', fields: [] },
    { row: 3, status: 'differs', fields: ['score'] },
  ]);
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
  expect(cli.stdout).toMatch(/^row 3 \[dataset 8279, indicator \d+\]: differs .*\(score\)$/m);
  expect(cli.stdout.match(/^row /gm)).toHaveLength(1);
});
